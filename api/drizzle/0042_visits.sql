-- On-site visits (issue 54, docs/visits.md): one row per close-out of a ticket. The phone's times are
-- kept as sent (raw text beside the parsed instant) with the server's receive time; a correction is a
-- new visit naming the one it supersedes (both kept; at most one correction per visit). Empty table.
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id") ON DELETE cascade,
	"technician_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"technician_name" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"departed_at" timestamp with time zone NOT NULL,
	"arrived_sent" text NOT NULL,
	"departed_sent" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"clock_suspect" boolean DEFAULT false NOT NULL,
	"clock_note" text,
	"work_done" text NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"photo_upload_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"signature_upload_id" text,
	"signer_name" text,
	"supersedes_visit_id" uuid REFERENCES "visits"("id") ON DELETE set null,
	"resolve" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_departure_after_arrival" CHECK ("departed_at" >= "arrived_at"),
	CONSTRAINT "visits_minutes_range" CHECK ("minutes" BETWEEN 0 AND 1440)
);
--> statement-breakpoint
CREATE INDEX "visits_ticket_idx" ON "visits" USING btree ("ticket_id", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "visits_supersedes_key" ON "visits" USING btree ("supersedes_visit_id") WHERE "supersedes_visit_id" IS NOT NULL;
