-- Mark invoiced locks visits too (issue 57, docs/billing.md "Mark invoiced"): when a client's range is
-- marked invoiced, its visits (arrival in the range) get who and when; a locked visit cannot be corrected.
ALTER TABLE "visits" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "invoiced_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "invoiced_by_name" text;
