import { Suspense, lazy, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  SEVERITY_NAMES,
  STATUS_TEXT,
  TICKET_STATUS_LABELS,
  statusReplyProblem,
  type StatusEvent,
  type TicketStatusView,
} from '@portal/shared';
import { isApiError } from '../../lib/api';
import { whenIdle } from '../../lib/idle';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { Loading } from '../../lib/ui/Loading';
import { statusViewKey, useStatusView } from './api/useStatusView';
import type { StatusReplyItem } from './offline';
import { useStatusReplies } from './useStatusReplies';
import { Resolution } from './Resolution';
import { ServiceReports } from './ServiceReports';

/** An event's files (thumbnails and download links), loaded only when there are some. */
const StatusFiles = lazy(() => import('./StatusFiles'));

/** Formats an ISO time as SPEC.md 9's date and time (lib/format.ts), or '' before it has loaded. */
type DateTimeFormat = (iso: string) => string;

/**
 * lib/format.ts (date-fns, through statusTimes.ts) once the page is idle: the page is usable without it (the public-route
 * budget); times appear a moment later.
 */
function useDateTimeFormat(): DateTimeFormat {
  const [format, setFormat] = useState<DateTimeFormat>(() => () => '');
  useEffect(
    () =>
      whenIdle(() => {
        void import('./statusTimes').then(
          (m) => setFormat(() => m.formatDateTime),
          () => undefined, // offline before the chunk ever arrived: no times
        );
      }),
    [],
  );
  return format;
}

/** What one timeline event says. */
function eventText(e: StatusEvent): { title: string; body: string | null } {
  switch (e.kind) {
    case 'created':
      return { title: 'Ticket submitted', body: null };
    case 'status':
      return { title: `Status: ${e.status ? TICKET_STATUS_LABELS[e.status] : ''}`, body: null };
    case 'staff_reply':
      return { title: 'Reply from support', body: e.text };
    default:
      return { title: 'Your reply', body: e.text };
  }
}

/** The 'no longer valid' view: one neutral page for unknown, expired, revoked and rotated links. */
function InvalidLink({ lookup }: { lookup: ReactNode }) {
  return (
    <div className="page page-narrow status-page">
      <h1>{STATUS_TEXT.invalidLink}</h1>
      <p className="muted">The link may have expired or been replaced by a newer one. We can send the current link to the contact on your ticket.</p>
      <Suspense fallback={null}>{lookup}</Suspense>
    </div>
  );
}

/** A reply queued on this device that has not reached the server yet. */
function WaitingReply({ item, offline }: { item: StatusReplyItem; offline: boolean }) {
  return (
    <li className="status-event status-event-mine status-event-waiting">
      <p className="status-event-title">Your reply</p>
      <p className="status-event-body">{item.payload.comment}</p>
      <p className="status-event-time">
        {offline ? "Saved on this device. It will be sent when you're back online." : item.lastError ? 'Waiting to send. We keep trying.' : 'Sending...'}
      </p>
    </li>
  );
}

/** The reply form ('Your reply', 'Send Reply'), or for a closed ticket the advice to submit a new one. */
function ReplyForm({ canReply, onSend }: { canReply: boolean; onSend(text: string): Promise<void> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!canReply) {
    return (
      <div className="card status-closed">
        <p>{STATUS_TEXT.closedSubmitNew}</p>
        <Link className="btn btn-primary" to="/support">
          Submit a new ticket
        </Link>
      </div>
    );
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = statusReplyProblem(text);
    setError(problem ?? undefined);
    if (problem) return;
    setBusy(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      setError('Your reply could not be saved on this device. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="card form status-reply" noValidate onSubmit={(e) => void submit(e)} aria-label="Add a reply">
      <h2>Add a reply</h2>
      <FormField id="status-reply" label={STATUS_TEXT.replyField} error={error}>
        <textarea id="status-reply" className="input textarea" rows={4} value={text} onChange={(e) => setText(e.target.value)} {...fieldAria('status-reply', error)} />
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {STATUS_TEXT.replyButton}
      </button>
    </form>
  );
}

/** Number, status, severity, technician and the timeline of a ticket. */
function TicketFacts({ view, formatDateTime }: { view: TicketStatusView; formatDateTime: DateTimeFormat }) {
  return (
    <dl className="card status-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <span className={`status-pill status-pill-${view.status}`}>{TICKET_STATUS_LABELS[view.status]}</span>
        </dd>
      </div>
      <div>
        <dt>Severity</dt>
        <dd>{SEVERITY_NAMES[view.severity]}</dd>
      </div>
      <div>
        <dt>Technician</dt>
        <dd>{view.technicianFirstName ?? (view.status === 'resolved' || view.status === 'closed' ? STATUS_TEXT.technicianTeam : STATUS_TEXT.technicianNone)}</dd>
      </div>
      <div>
        <dt>Submitted</dt>
        <dd>{formatDateTime(view.createdAt)}</dd>
      </div>
    </dl>
  );
}

/**
 * /status/:token (docs/status-links.md): the customer's page for one ticket, reached from the link
 * in the success view and the e-mails. Shows number, status, severity, the technician's first name,
 * the customer-visible timeline (with the files the customer may download) and the support phone, and 'Add a reply' ('Your reply', 'Send
 * Reply'). Replies go through the offline outbox (useStatusReplies): queued with no signal, sent
 * once when back online, also after a reload. A bad link shows 'This link is no longer valid' with
 * the lookup form (`lookup`, given by the app: it belongs to the support feature). Light: no Ionic,
 * no zod; the offline engine loads when the page is idle.
 */
export default function StatusPage({ lookup }: { lookup: ReactNode }) {
  const { token = '' } = useParams();
  const query = useStatusView(token);
  const replies = useStatusReplies(token);
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const reported = useRef(new Set<number>());
  const { forget, live } = replies;
  const offline = replies.connectivity === 'offline';
  const formatDateTime = useDateTimeFormat();

  // Settled replies: a success refreshes the view (the reply appears in the timeline), a rejection says why.
  const settled = (replies.replies ?? []).filter((r) => r.state === 'done' || r.state === 'failed');
  const unsent = (replies.replies ?? []).filter((r) => r.state !== 'done' && r.state !== 'failed');
  useEffect(() => {
    for (const item of settled) {
      if (reported.current.has(item.seq)) continue;
      reported.current.add(item.seq);
      if (item.state === 'done') setNotice('Your reply was sent.');
      else setNotice(item.error?.message ?? 'Your reply could not be sent.');
      void queryClient.invalidateQueries({ queryKey: statusViewKey(token) });
      void forget(item.seq, unsent.length === 0);
    }
  }, [settled, unsent.length, forget, queryClient, token]);

  if (isApiError(query.error, 404)) return withLive(<InvalidLink lookup={lookup} />);
  if (query.isPending && unsent.length === 0 && !query.isError) return withLive(<Loading />);
  const view = query.data;

  return withLive(
    <div className="page page-narrow status-page">
      <h1>{view ? `Ticket ${view.ticketNumber}` : 'Your ticket'}</h1>
      {!view && <p className="muted">{offline || query.isError ? "You're offline. Your ticket's details will show when you're back online." : null}</p>}
      {view && <TicketFacts view={view} formatDateTime={formatDateTime} />}
      {view && <Resolution view={view} formatTime={formatDateTime} />}
      {view && <ServiceReports view={view} token={token} formatTime={formatDateTime} />}
      {notice && (
        <p className="status-notice" role="status">
          {notice}
        </p>
      )}
      <section className="status-updates" aria-labelledby="status-updates-h">
        <h2 id="status-updates-h">Updates</h2>
        <ol className="status-timeline">
          {view?.timeline.map((e) => {
            const { title, body } = eventText(e);
            return (
              <li key={e.id} className={`status-event status-event-${e.kind}${e.kind === 'customer_reply' ? ' status-event-mine' : ''}`}>
                <p className="status-event-title">{title}</p>
                {body && <p className="status-event-body">{body}</p>}
                {e.attachments?.length ? (
                  <Suspense fallback={null}>
                    <StatusFiles token={token} files={e.attachments} />
                  </Suspense>
                ) : null}
                <p className="status-event-time">{formatDateTime(e.at)}</p>
              </li>
            );
          })}
          {unsent.map((item) => (
            <WaitingReply key={item.seq} item={item} offline={offline} />
          ))}
        </ol>
      </section>
      <ReplyForm canReply={view?.canReply ?? true} onSend={replies.send} />
      {view && (
        <p className="status-phone">
          Need it faster? Call us at{' '}
          <a href={`tel:${view.supportPhone.replace(/[^\d+]/g, '')}`} className="status-phone-link contact-link">
            {view.supportPhone}
          </a>
        </p>
      )}
    </div>,
  );

  /** `content` after the outbox link, which keeps its place (first) in every state. */
  function withLive(content: ReactNode) {
    return (
      <>
        {live}
        {content}
      </>
    );
  }
}
