import { useEffect, useState } from 'react';
import { slaClock, type SlaTicket } from '@portal/shared';
import './sla.css';

/** The current time, re-read every `ms` (default 30 s) while mounted. */
export function useNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * A ticket's SLA clock (docs/sla.md): 'Response due in 12 min',
 * 'Resolution due in 3 h', 'Breached 2 h ago' or 'Paused: waiting on customer', in colour AND
 * words (green, amber in the last 20 %, red when breached, grey when paused). Computed on the device
 * with the shared clock from the ticket's cached due times, so it runs offline; nothing for
 * resolved or closed tickets.
 */
export function SlaClock({ ticket }: { ticket: SlaTicket }) {
  const now = useNow();
  const clock = slaClock(ticket, now);
  if (clock.state === 'none') return null;
  return (
    <p className={`sla-clock sla-${clock.state}`} title={clock.dueAt ? `Due ${new Date(clock.dueAt).toLocaleString()}` : undefined}>
      {clock.text}
    </p>
  );
}
