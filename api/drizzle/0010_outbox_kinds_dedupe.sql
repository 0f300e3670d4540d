-- Outbox job kinds registered by features: `dedupe_key` (`<kind>:<key>`) makes a job exist at most once, ever,
-- whichever process enqueues it (enqueue's `dedupeKey`, ON CONFLICT DO NOTHING on the partial unique index).
ALTER TABLE "notification_jobs" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_jobs_dedupe_key_idx" ON "notification_jobs" USING btree ("dedupe_key") WHERE "notification_jobs"."dedupe_key" is not null;