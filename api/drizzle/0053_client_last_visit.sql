-- A client's last visit (the /clients list's 'Last visit', docs/clients.md): when its newest close-out
-- ended (the phone's departure time, or the server's receive time when the phone's clock was flagged),
-- kept by the clients feature's `clients.last_visit` subscriber of `visit.closed`; filled here from the
-- visits recorded so far.
ALTER TABLE "clients" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
UPDATE "clients" c SET "last_visit_at" = v.at
  FROM (SELECT t.client_id, max(CASE WHEN v.clock_suspect THEN v.received_at ELSE v.departed_at END) AS at
          FROM visits v JOIN support_tickets t ON t.id = v.ticket_id
         WHERE t.client_id IS NOT NULL GROUP BY t.client_id) v
 WHERE c.id = v.client_id;
