-- Issue 16: the outbox's due index leads with the channel, so a lane's claim and the dispatcher's wake probe
-- read only their channel's due jobs instead of every pending job (they were O(backlog) during a burst).
DROP INDEX "notification_jobs_due_idx";--> statement-breakpoint
CREATE INDEX "notification_jobs_due_idx" ON "notification_jobs" USING btree ("channel","status","next_attempt_at");