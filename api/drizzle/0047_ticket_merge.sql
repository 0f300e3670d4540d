-- Merge tickets and catch duplicates (issue 57 point 2, docs/merge.md): a merged ticket names the
-- ticket it was merged into (its status link and e-mail replies lead there); a new ticket from the
-- same contact within 24 hours with a similar subject names the ticket it may duplicate.
ALTER TABLE "support_tickets" ADD COLUMN "merged_into" uuid REFERENCES "support_tickets"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "merged_into_number" text;
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "possible_duplicate_of" uuid REFERENCES "support_tickets"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "possible_duplicate_number" text;
