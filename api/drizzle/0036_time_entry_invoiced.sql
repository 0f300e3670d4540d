-- Time & Billing (issue 57 item 1): an entry marked invoiced is locked against edits, with who and when.
-- `invoiced_by_name` keeps the username as it was, so "who" survives the user's deletion.
ALTER TABLE "time_entries" ADD COLUMN "invoiced_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "invoiced_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "invoiced_by_name" text;
