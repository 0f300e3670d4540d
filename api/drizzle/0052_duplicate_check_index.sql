-- The duplicate flag's candidates (docs/merge.md "Possible duplicates"): the newest open tickets of the
-- same e-mail address (case-insensitive) or the same contact, newest first, read by index with a limit.
-- Without them every new ticket compared itself with every ticket of the last 24 hours from its
-- address: a monitoring mailbox or the create benchmark (one address) made each create cost more
-- than the last (docs/benchmarks.md "Creates and patches before and after domain events").
CREATE INDEX IF NOT EXISTS "support_tickets_email_created_idx" ON "support_tickets" USING btree (lower("customer_email"), "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_contact_created_idx" ON "support_tickets" USING btree ("contact_id", "created_at") WHERE "contact_id" IS NOT NULL;
