CREATE TABLE "reply_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reply_items" ADD CONSTRAINT "reply_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reply_items_kind_sync_idx" ON "reply_items" USING btree ("kind","sync_seq");
--> statement-breakpoint
CREATE INDEX "reply_items_owner_idx" ON "reply_items" USING btree ("owner_id");
--> statement-breakpoint
ALTER TABLE "ticket_updates" ADD COLUMN "macro_id" uuid;
--> statement-breakpoint
ALTER TABLE "ticket_updates" ADD COLUMN "macro_name" text;
--> statement-breakpoint
INSERT INTO "reply_items" ("kind", "name", "data") VALUES
('macro', 'Resolved on site', '{"actions":{"comment":{"text":"Hi {{contact.firstName}},\n\nI resolved the issue on site today. If anything is still not right, reply to this e-mail or follow your ticket here: {{ticket.statusLink}}\n\n{{technician.name}}\n{{support.phone}}","reply":true},"status":"resolved","resolution":"Resolved on site.","timeEntry":{"minutes":30,"billable":true}}}'),
('macro', 'Waiting for parts', '{"actions":{"comment":{"text":"Waiting for parts: ordered, on-site visit to be booked when they arrive.","reply":false},"status":"in_progress"}}'),
('reply', 'On my way', '{"body":"Hi {{contact.firstName}}, this is {{technician.name}} from support about ticket {{ticket.number}}. I am on my way to you now. If you need me before I arrive, call me on {{technician.phone}}."}');
