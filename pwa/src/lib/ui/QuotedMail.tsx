import { useId, useState } from 'react';

/**
 * "Show quoted text" under a customer's e-mail reply whose work-history text is only the new part
 * (docs/inbound-mail.md "Clean threads"): expands the mail as received, unchanged (plain text, never
 * HTML), and collapses it again ("Hide quoted text").
 */
export function QuotedMail({ original }: { original: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="history-quoted">
      <button type="button" className="link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {open ? 'Hide quoted text' : 'Show quoted text'}
      </button>
      {open && (
        <pre id={id} className="history-quoted-text" aria-label="The e-mail as received">
          {original}
        </pre>
      )}
    </div>
  );
}
