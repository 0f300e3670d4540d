import './drafts.css';

/** Texts of the draft notice (tests find them). */
export const DRAFT_TEXT = { restored: 'Draft restored', discard: 'Discard draft' } as const;

/**
 * 'Draft restored' with a 'Discard draft' button, shown above a form whose half-typed values came
 * back from this device (useDraft). Nothing when `restored` is false.
 */
export function DraftNotice({ restored, onDiscard }: { restored: boolean; onDiscard(): void }) {
  if (!restored) return null;
  return (
    <div className="draft-notice" role="status">
      <span>{DRAFT_TEXT.restored}</span>
      <button type="button" className="btn btn-outline btn-small" onClick={onDiscard}>
        {DRAFT_TEXT.discard}
      </button>
    </div>
  );
}
