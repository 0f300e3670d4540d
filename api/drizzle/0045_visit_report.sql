-- Service reports of visits (issue 54, docs/visits.md): the ticket's checklist as it was at close-out
-- (printed in the report, never changed after), and the ticket attachment holding the rendered report.
ALTER TABLE "visits" ADD COLUMN "checklist" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "report_attachment_id" uuid;
