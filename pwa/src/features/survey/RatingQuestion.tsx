import { RATING_LABELS, RATING_MAX, RATING_MIN } from '@portal/shared';

const VALUES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** Accessible name of one star: '4 stars, Good'. */
export const starName = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}, ${RATING_LABELS[n]}`;

/**
 * One 1-5 star question (SPEC.md 2 / 9) as a native radio group: a fieldset named by its legend,
 * five radios named '1 star, Very Poor' ... '5 stars, Excellent'. Arrow keys move between stars,
 * screen readers announce "radio, 4 of 5"; the radios are visually replaced by stars that fill up to
 * the choice, and the choice's label is shown beside them. `error` is the SPEC.md 5 message.
 */
export function RatingQuestion(props: {
  name: string;
  legend: string;
  value: number;
  error?: string | undefined;
  onChange(value: number): void;
  /** Receives the first radio (react-hook-form focuses it when this question is the first invalid one). */
  inputRef?: (el: HTMLInputElement | null) => void;
}) {
  const { name, legend, value, error, onChange, inputRef } = props;
  const errorId = `${name}-error`;
  return (
    <fieldset className={`rating-question${error ? ' has-error' : ''}`} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="form-label">{legend}</legend>
      <div className="stars">
        {VALUES.map((n) => (
          <label key={n} className={`star${n <= value ? ' star-on' : ''}`}>
            <input
              type="radio"
              className="star-input"
              name={name}
              value={n}
              checked={value === n}
              ref={n === RATING_MIN ? inputRef : undefined}
              onChange={() => onChange(n)}
              aria-label={starName(n)}
            />
            <span aria-hidden="true" className="star-glyph">
              ★
            </span>
          </label>
        ))}
        <span className="rating-caption" aria-hidden="true">
          {value ? RATING_LABELS[value] : 'Not rated'}
        </span>
      </div>
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
