import { useState } from 'react';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { CLIENTS_TEXT as T } from './texts';

/**
 * An admin's 'Delete' of a client, contact or site (issue 50 item 5), asking first (DESIGN.md 5a:
 * destructive actions ask for confirmation). Confirming queues the delete through the outbox (works
 * offline, 'Waiting to sync'); the server refuses a client that tickets or vault entries refer to
 * ('Tickets refer to this client: archive it instead.', shown on the card as 'Not saved') and
 * archives a contact that tickets refer to instead of deleting it.
 */
export function DeleteButton({ name, what, onConfirm }: { name: string; what: 'client' | 'contact' | 'site'; onConfirm(): Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-small btn-danger-outline" aria-label={`${T.delete} ${name}`} onClick={() => setOpen(true)}>
        {T.delete}
      </button>
      <ConfirmDialog
        open={open}
        title={T.deleteTitle(name)}
        description={T.deleteBody[what]}
        confirmLabel={T.delete}
        onConfirm={() => {
          setOpen(false);
          void onConfirm();
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
