-- Recurring tickets (issue 52 items 3, 4; docs/recurring-tickets.md). `active_from`: occurrences
-- due to open before it are never opened (set at create, on resume and when the rule changes).
-- recurring_occurrences is the sweep's exactly-once key: one row per (schedule, local date),
-- written in the same transaction as the ticket it opened (or recording a skip).
CREATE TABLE "recurring_schedules" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "title" text NOT NULL,
  "issue" text NOT NULL,
  "severity" text NOT NULL,
  "client_id" uuid REFERENCES "clients"("id") ON DELETE SET NULL,
  "site_id" uuid REFERENCES "client_sites"("id") ON DELETE SET NULL,
  "contact_id" uuid REFERENCES "client_contacts"("id") ON DELETE SET NULL,
  "assigned_to" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "template_id" uuid REFERENCES "checklist_templates"("id") ON DELETE SET NULL,
  "recurrence" jsonb NOT NULL,
  "time_zone" text NOT NULL,
  "lead_days" integer DEFAULT 0 NOT NULL,
  "skip_while_open" boolean DEFAULT false NOT NULL,
  "paused" boolean DEFAULT false NOT NULL,
  "active_from" timestamp with time zone NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "schedule_id" uuid NOT NULL REFERENCES "recurring_schedules"("id") ON DELETE CASCADE,
  "occurrence_date" text NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  "outcome" text NOT NULL CHECK ("outcome" IN ('opened', 'skipped')),
  "late" boolean DEFAULT false NOT NULL,
  "ticket_id" uuid REFERENCES "support_tickets"("id") ON DELETE SET NULL,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_occurrences_key" ON "recurring_occurrences" ("schedule_id", "occurrence_date");
