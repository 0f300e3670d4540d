-- Alerts each person chooses, and an inbox (issue 57 point 5, docs/notifications.md "Your alerts").
-- notification_preferences: one row per person who chose (absent: the defaults, @portal/shared
-- DEFAULT_ALERT_PREFERENCES). inbox_items: the events that reached a person, written by event
-- subscribers in the change's transaction; `seq` takes nextval('inbox_seq') on insert and again when
-- the entry is read, so GET /api/me/inbox?since= returns new and newly read entries (delta pull).
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"preferences" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "inbox_seq" INCREMENT BY 1 MINVALUE 1 START WITH 1 CACHE 1;
--> statement-breakpoint
CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint DEFAULT nextval('inbox_seq') NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id") ON DELETE cascade,
	"ticket_number" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "inbox_items_user_seq_idx" ON "inbox_items" USING btree ("user_id", "seq");
--> statement-breakpoint
CREATE INDEX "inbox_items_unread_idx" ON "inbox_items" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "inbox_items_ticket_idx" ON "inbox_items" USING btree ("ticket_id");
