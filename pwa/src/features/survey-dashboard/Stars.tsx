import { RATING_MAX } from '@portal/shared';

/**
 * A read-only star row: filled stars for the (rounded) value, announced as one image
 * '4 out of 5 stars' ('Not rated' for null).
 */
export function Stars({ value, small }: { value: number | null; small?: boolean }) {
  const filled = value === null ? 0 : Math.round(value);
  const label = value === null ? 'Not rated' : `${Number.isInteger(value) ? value : value.toFixed(1)} out of ${RATING_MAX} stars`;
  return (
    <span className={`sd-stars${small ? ' sd-stars-small' : ''}`} role="img" aria-label={label}>
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < filled ? 'sd-star-on' : 'sd-star-off'}>
          ★
        </span>
      ))}
    </span>
  );
}
