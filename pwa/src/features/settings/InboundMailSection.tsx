import type { InboundFailure } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { failureText } from '../../lib/connection';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { NotLoaded, useScreenConnectionContext, useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';
import { useInboundAction, useInboundFailures, useInboundStatus } from './api/useInboundMail';

/**
 * 'Inbound Mail' on /admin/settings (docs/inbound-mail.md "Admin screen"): whether the mailbox is
 * connected, the last fetch and error, 'Test connection', and the "could not import" list with
 * Retry and Delete. Every mail text is shown as plain text (React escapes it); nothing is HTML.
 */
export function InboundMailSection() {
  const status = useInboundStatus();
  const failures = useInboundFailures();
  const action = useInboundAction();
  const writeBlock = useWriteBlock();
  const offline = useScreenConnectionContext()?.offline ?? false;
  const s = status.data;
  const result = action.data;

  const act = (a: { action: 'retry' | 'delete'; id: string }) => action.mutate(a);
  const columns: ListColumn<InboundFailure>[] = [
    { id: 'time', header: 'Time', cell: (r) => <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>, className: 'nowrap' },
    { id: 'sender', header: 'From', cell: (r) => r.sender ?? 'unknown', className: 'break' },
    { id: 'subject', header: 'Subject', cell: (r) => r.subject ?? '', className: 'break' },
    { id: 'reason', header: 'Reason', cell: (r) => r.reason, className: 'break' },
    { id: 'actions', header: 'Actions', cell: (r) => <FailureActions row={r} busy={action.isPending} block={writeBlock} act={act} /> },
  ];

  return (
    <section className="card settings-card" aria-labelledby="inbound-heading">
      <div className="settings-card-head">
        <h2 id="inbound-heading">Inbound Mail</h2>
        <button type="button" className="btn btn-outline btn-small" {...writeProps(writeBlock, action.isPending)} onClick={() => action.mutate({ action: 'test' })}>
          Test connection
        </button>
      </div>
      {s && (
        <p className="muted settings-lead" data-testid="inbound-status">
          {!s.imapConfigured
            ? 'No mailbox is configured (INBOUND_IMAP_URL).'
            : s.connected
              ? `Connected${s.idle ? ' (new mail arrives at once)' : ' (polling)'}.`
              : 'Not connected.'}
          {s.lastFetchAt && ` Last fetch: ${formatDateTime(s.lastFetchAt)}.`}
          {s.lastError && ` Last error: ${s.lastError}${s.lastErrorAt ? ` (${formatDateTime(s.lastErrorAt)})` : ''}.`}
          {s.smtpPort !== null && ` SMTP listener on port ${s.smtpPort}.`}
        </p>
      )}
      {!s && offline && <NotLoaded className="settings-lead" />}
      {!s && !offline && status.isError && <p className="muted settings-lead">The mailbox status could not be loaded. {failureText(status.error, '')}</p>}
      {result && <p role="status">{result.message}</p>}
      {action.error && <p role="alert">{failureText(action.error, 'The request failed. Please try again.')}</p>}
      <h3>Could not import</h3>
      <ResponsiveList
        rows={failures.data?.failures}
        rowKey={(r) => r.id}
        columns={columns}
        card={(r) => (
          <>
            <strong>{r.subject ?? '(no subject)'}</strong>
            <p className="muted">{r.sender ?? 'unknown sender'} - {formatDateTime(r.createdAt)}</p>
            <p>{r.reason}</p>
            <FailureActions row={r} busy={action.isPending} block={writeBlock} act={act} />
          </>
        )}
        label="Messages that could not be imported"
        empty="Every message was imported."
        loadingText="Loading..."
        error={failures.data ? null : failures.error}
        errorText="The list could not be loaded."
        classes={{ empty: 'settings-empty' }}
      />
    </section>
  );
}

/** Retry (when the raw message was kept) and Delete of one "could not import" row. */
function FailureActions({ row, busy, block, act }: { row: InboundFailure; busy: boolean; block: string | undefined; act(a: { action: 'retry' | 'delete'; id: string }): void }) {
  return (
    <span className="inbound-actions">
      {row.retryable && (
        <button type="button" className="btn btn-outline btn-small" {...writeProps(block, busy)} onClick={() => act({ action: 'retry', id: row.id })}>
          Retry
        </button>
      )}
      <button type="button" className="btn btn-outline btn-small" {...writeProps(block, busy)} onClick={() => act({ action: 'delete', id: row.id })}>
        Delete
      </button>
    </span>
  );
}
