import { useState } from 'react';
import { MERGE_MSG, type Ticket } from '@portal/shared';
import { getOfflineDb, useConnectivity } from '../../../offline';
import { findTicketByNumber, ticketNumberOf } from './findTicket';
import { MergeConfirm } from './MergeConfirm';
import './merge.css';

/** Why `target` cannot take `source` (the server's refusals, said before queuing); null when it can. */
export function mergeProblem(source: Pick<Ticket, 'id'>, target: Pick<Ticket, 'id' | 'ticketNumber' | 'status' | 'mergedInto'>): string | null {
  if (target.id === source.id) return MERGE_MSG.same;
  if (target.mergedInto) return MERGE_MSG.merged(target.ticketNumber, target.mergedInto.ticketNumber);
  if (target.status === 'closed') return MERGE_MSG.closed(target.ticketNumber);
  return null;
}

/**
 * "Merge into…" on the Update Ticket panel (docs/merge.md "PWA"): staff type the number of the ticket
 * this one continues in ('TKT-000123' or '123'); it is found on the device (offline too) or online,
 * checked (not itself, not closed, not merged) and the merge is confirmed (MergeConfirm) and queued.
 */
export function MergeInto({ ticket }: { ticket: Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'status'> }) {
  const online = useConnectivity() === 'online';
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<Ticket | null>(null);
  const inputId = `merge-into-${ticket.id}`;
  const find = async () => {
    const number = ticketNumberOf(typed);
    if (!number) return setError('Enter a ticket number, e.g. TKT-000123.');
    try {
      const found = await findTicketByNumber(getOfflineDb(), number, online);
      if (found === 'offline') return setError(`${number} is not on this device. Try again when you are back online.`);
      if (!found) return setError(`${number} was not found.`);
      const problem = mergeProblem(ticket, found);
      if (problem) return setError(problem);
      setError(null);
      setTarget(found);
    } catch {
      setError('No connection. Please try again.');
    }
  };
  return (
    <section aria-labelledby={`${inputId}-heading`}>
      <h3 id={`${inputId}-heading`} className="panel-section-title">
        Merge into…
      </h3>
      <form
        className="merge-into"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Merge into ticket number
        </label>
        <input id={inputId} value={typed} placeholder="TKT-000123" autoComplete="off" onChange={(e) => setTyped(e.target.value)} aria-invalid={error ? true : undefined} />
        <button type="submit" className="btn btn-outline btn-small">
          Merge
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <MergeConfirm
        source={ticket}
        target={target}
        onClose={() => {
          setTarget(null);
          setTyped('');
        }}
      />
    </section>
  );
}
