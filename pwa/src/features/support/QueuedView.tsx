import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import { QueuedWriteView } from '../../lib/ui/QueuedWriteView';
import type { QueuedTicketView } from './offline';

/** How often the "in about N minutes" text is refreshed while the view is open (ms). */
const TICK_MS = 15_000;

/**
 * When the next automatic attempt happens, in plain words: 'in under a minute', 'in about 5
 * minutes (at 3:42 PM)', or 'at 3:42 PM' beyond an hour. `retryAt` is epoch ms (0 = now).
 */
export function retryText(retryAt: number, now: number): string {
  const ms = retryAt - now;
  if (ms <= 60_000) return 'in under a minute';
  const at = format(new Date(retryAt), 'h:mm a');
  const minutes = Math.ceil(ms / 60_000);
  return minutes < 60 ? `in about ${minutes} minutes (at ${at})` : `at ${at}`;
}

/**
 * The sentence that says why a saved request is still waiting (honest, no status codes):
 * offline; the server is busy with too many requests from this network, with when it is sent again
 * (Retry-After); the server had a problem; or it could not be reached.
 */
export function waitingSentence(offline: boolean, problem: QueuedTicketView['problem'], retryAt: number, now: number): string {
  if (offline) return "You're offline. Your request will be sent automatically as soon as you're back online.";
  if (problem === 'busy') {
    return `Our server has received too many requests from your network in a short time. Your request will be sent automatically ${retryText(retryAt, now)}; there is no need to submit it again.`;
  }
  if (problem === 'server') {
    return `Our server had a problem taking your request. We will try again automatically ${retryText(retryAt, now)}.`;
  }
  return "We couldn't reach our server yet. Your request will be sent automatically; we keep trying.";
}

/**
 * Shown while a support request waits in the outbox: it is safe on this device and
 * will be sent automatically; the ticket number follows once it has been. The reason is one plain
 * sentence ({@link waitingSentence}). 'Try Again Now' is offered except while the server asked us
 * to wait (too many requests): trying earlier would only be refused again.
 */
export function QueuedView(props: { offline: boolean; problem: QueuedTicketView['problem']; retryAt: number; onRetry(): void }) {
  const { offline, problem, retryAt, onRetry } = props;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const mustWait = !offline && problem === 'busy' && retryAt > now;
  return (
    <QueuedWriteView
      headingId="queued-heading"
      heading="Request saved on this device"
      sentence={waitingSentence(offline, problem, retryAt, now)}
      note="Keep this page open or come back later to see your ticket number. Nothing you typed is lost."
      onRetry={mustWait ? undefined : onRetry}
    />
  );
}
