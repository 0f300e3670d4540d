import { useState } from 'react';
import { IonBadge } from '@ionic/react';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { discard, getOfflineDb } from '../../offline';
import { mailtoHref, telHref } from '../../lib/links';
import type { VaultListEntry } from './offline';
import { VAULT_TEXT } from './texts';

/** Rows shown before 'Show more' (lists are never one endless page, DESIGN.md 5a). */
export const VAULT_PAGE_SIZE = 50;

/** What a row's buttons do. */
export interface VaultRowHandlers {
  onView(id: string): void;
  onEdit(id: string): void;
  onDelete(id: string): void;
}

/** 'Waiting to sync' and, per rejected change, 'Not saved' with the server's message and Discard. */
function SyncMarks({ e }: { e: VaultListEntry }) {
  if (e.sync.pending + e.sync.failed.length === 0) return null;
  return (
    <div className="vault-marks">
      {e.sync.pending > 0 && <IonBadge color="warning">Waiting to sync</IonBadge>}
      {e.sync.failed.map((f) => (
        <span key={f.seq} className="vault-failed">
          <IonBadge color="danger">Not saved</IonBadge> <span className="vault-failed-text">{f.message}</span>{' '}
          <button type="button" className="btn btn-outline btn-small" aria-label={`Discard the change to ${e.businessName}`} onClick={() => void discard(getOfflineDb(), f.seq)}>
            Discard
          </button>
        </span>
      ))}
    </div>
  );
}

/** View; Edit and (admins) Delete once the entry exists on the server (not while only queued). */
function RowActions({ e, isAdmin, handlers }: { e: VaultListEntry; isAdmin: boolean; handlers: VaultRowHandlers }) {
  const onServer = e.queuedSeq === undefined;
  return (
    <div className="vault-actions">
      <button type="button" className="btn btn-outline btn-small" aria-label={`View ${e.businessName}`} onClick={() => handlers.onView(e.id)}>
        View
      </button>
      {onServer && (
        <button type="button" className="btn btn-outline btn-small" aria-label={`Edit ${e.businessName}`} onClick={() => handlers.onEdit(e.id)}>
          Edit
        </button>
      )}
      {isAdmin && onServer && (
        <button type="button" className="btn btn-outline btn-small btn-danger-outline" aria-label={`Delete ${e.businessName}`} onClick={() => handlers.onDelete(e.id)}>
          Delete
        </button>
      )}
    </div>
  );
}

const emailLink = (e: VaultListEntry) => (e.contactEmail ? <a href={mailtoHref(e.contactEmail) ?? undefined}>{e.contactEmail}</a> : '');
const phoneLink = (e: VaultListEntry) => (e.contactPhone ? <a href={telHref(e.contactPhone) ?? undefined}>{e.contactPhone}</a> : '');

/**
 * The customers matching the search (DESIGN.md 5a list): business, contact, e-mail (`mailto:`),
 * phone (`tel:`) and the row's actions and sync marks; cards on phones, a table from 992 px.
 * VAULT_PAGE_SIZE rows, then 'Show more (N more)'. `emptyText` when nothing matches.
 */
export function VaultList(props: { matches: readonly VaultListEntry[]; emptyText: string; isAdmin: boolean; handlers: VaultRowHandlers }) {
  const { matches, emptyText, isAdmin, handlers } = props;
  const [shown, setShown] = useState(VAULT_PAGE_SIZE);
  const actions = (e: VaultListEntry) => <RowActions e={e} isAdmin={isAdmin} handlers={handlers} />;
  const columns: ListColumn<VaultListEntry>[] = [
    {
      id: 'business',
      header: 'Business Name',
      className: 'vault-business',
      cell: (e) => (
        <>
          {e.businessName}
          <SyncMarks e={e} />
        </>
      ),
    },
    { id: 'contact', header: 'Contact', cell: (e) => e.contactName ?? '' },
    { id: 'email', header: 'Email', cell: emailLink, className: 'break' },
    { id: 'phone', header: 'Phone', cell: phoneLink, className: 'nowrap' },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: actions, className: 'vault-actions-cell' },
  ];
  return (
    <>
      <ResponsiveList
        rows={matches.slice(0, shown)}
        rowKey={(e) => e.id}
        columns={columns}
        card={(e) => (
          <>
            <h2 className="vault-card-title">{e.businessName}</h2>
            <SyncMarks e={e} />
            {e.contactName && <p className="vault-card-line">{e.contactName}</p>}
            {e.contactEmail && <p className="vault-card-line break">{emailLink(e)}</p>}
            {e.contactPhone && <p className="vault-card-line">{phoneLink(e)}</p>}
            {actions(e)}
          </>
        )}
        cardLabel={(e) => e.businessName}
        label="Customers"
        empty={emptyText}
        classes={{ wrap: 'card vault-table-wrap', table: 'vault-table', list: 'vault-cards', card: 'card vault-card', empty: 'empty' }}
      />
      {matches.length > shown && (
        <button type="button" className="btn btn-outline vault-more" onClick={() => setShown((n) => n + VAULT_PAGE_SIZE)}>
          Show more ({matches.length - shown} more)
        </button>
      )}
    </>
  );
}

/** The empty text of the list: none stored yet, or none matching the search. */
export const vaultEmptyText = (total: number) => (total === 0 ? VAULT_TEXT.empty : VAULT_TEXT.noMatches);
