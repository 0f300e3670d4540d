-- Ticket checklists and checklist templates (issue 52 items 1, 2; docs/recurring-tickets.md).
-- `changed_at`: when `done` last moved (the phone's clock for a tick queued offline, never later
-- than the server's): a tick older than it does not move `done` (the same item merged by time).
CREATE TABLE "ticket_checklist_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "text" text NOT NULL,
  "required" boolean DEFAULT false NOT NULL,
  "done" boolean DEFAULT false NOT NULL,
  "done_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "done_at" timestamp with time zone,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_checklist_items_ticket_idx" ON "ticket_checklist_items" ("ticket_id", "position");
--> statement-breakpoint
CREATE TABLE "checklist_templates" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "items" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_name_key" ON "checklist_templates" (lower("name"));
