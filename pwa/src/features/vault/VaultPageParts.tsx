import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import type { VaultSecretField } from '@portal/shared';
import type { FormBase, VaultFormValues } from './formModel';
import type { VaultListEntry } from './offline';
import { VAULT_TEXT } from './texts';
import { VaultForm } from './VaultForm';
import { VaultList, vaultEmptyText, type VaultRowHandlers } from './VaultList';

/**
 * The vault list, or the loading text while the first sync runs, or a note that the list has not
 * been downloaded yet (offline before the first sync).
 */
export function VaultBody(props: {
  list: VaultListEntry[] | undefined;
  all: readonly VaultListEntry[];
  matches: readonly VaultListEntry[];
  query: string;
  lastSync: string | null | undefined;
  running: boolean;
  online: boolean;
  isAdmin: boolean;
  handlers: VaultRowHandlers;
}) {
  const { list, all, matches, query, lastSync, running, online, isAdmin, handlers } = props;
  const neverSynced = lastSync === null && all.length === 0;
  if (list === undefined || lastSync === undefined || (neverSynced && (running || online))) return <Loading text={VAULT_TEXT.loading} />;
  if (neverSynced)
    return (
      <div className="card" role="status">
        <p>The customer list has not been downloaded to this device yet. Connect to the internet and it will sync.</p>
      </div>
    );
  return <VaultList key={query} matches={matches} emptyText={vaultEmptyText(all.length)} isAdmin={isAdmin} handlers={handlers} />;
}

/**
 * The Add Customer / Edit sheet: the empty form, an entry's form once its details are here (online),
 * or 'Edit' with the loading text while they load. Cancel from an edit opened in the View goes back to it.
 */
export function VaultFormSheet(props: {
  mode: 'new' | 'edit' | 'other';
  editBase: FormBase | null;
  fromView: boolean;
  online: boolean;
  pending: boolean;
  serverErrors: Record<string, string[]> | undefined;
  draftOwner: string | null;
  onCreate(values: VaultFormValues): void;
  onUpdate(id: string, base: FormBase, fromView: boolean): (values: VaultFormValues, cleared: ReadonlySet<VaultSecretField>) => void;
  onView(id: string): void;
  onClose(): void;
}) {
  const { mode, editBase, fromView, online, pending, serverErrors, draftOwner, onClose } = props;
  return (
    <Sheet open={mode === 'new' || mode === 'edit'} onClose={onClose} labelledBy="vault-form-heading" className="vault-dialog">
      {mode === 'new' && <VaultForm online={online} headingId="vault-form-heading" pending={pending} serverErrors={serverErrors} onSubmit={props.onCreate} onCancel={onClose} draftOwner={draftOwner} />}
      {mode === 'edit' && editBase && (online ? editBase.entry !== undefined : true) ? (
        <VaultForm
          key={`${editBase.index.id}:${editBase.entry?.version ?? editBase.index.version}`}
          base={editBase}
          online={online}
          headingId="vault-form-heading"
          pending={pending}
          serverErrors={serverErrors}
          onSubmit={props.onUpdate(editBase.index.id, editBase, fromView)}
          onCancel={fromView ? () => props.onView(editBase.index.id) : onClose}
          draftOwner={draftOwner}
        />
      ) : (
        mode === 'edit' && (
          <div>
            <h2 id="vault-form-heading">Edit</h2>
            <Loading text={VAULT_TEXT.loading} />
          </div>
        )
      )}
    </Sheet>
  );
}

/** 'Are you sure?' before deleting an entry (admins); Delete needs a connection. */
export function VaultDeleteSheet(props: { deleting: VaultListEntry | null; pending: boolean; online: boolean; onDelete(id: string): void; onClose(): void }) {
  const { deleting, pending, online, onDelete, onClose } = props;
  return (
    <Sheet open={deleting !== null} onClose={onClose} labelledBy="vault-delete-heading" className="vault-confirm" role="alertdialog">
      {deleting && (
        <div className="vault-confirm-body">
          <h2 id="vault-delete-heading">{VAULT_TEXT.deleteTitle}</h2>
          <p>{VAULT_TEXT.deleteText}</p>
          <p className="muted">{deleting.businessName}</p>
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" disabled={pending || !online} onClick={() => onDelete(deleting.id)}>
              {pending ? 'Deleting...' : 'Delete'}
            </button>
          </div>
          {!online && <p className="muted">Deleting needs a connection.</p>}
        </div>
      )}
    </Sheet>
  );
}
