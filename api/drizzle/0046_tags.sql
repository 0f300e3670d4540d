-- Free tags on tickets (issue 57 point 3, docs/tags.md): names unique without regard to case, and the
-- tickets' links. A merge moves the links of one tag to another (ON CONFLICT: once per ticket).
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_name_length" CHECK (char_length("name") BETWEEN 1 AND 40)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree (lower("name"));
--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id") ON DELETE cascade,
	"tag_id" uuid NOT NULL REFERENCES "tags"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_tags_pkey" PRIMARY KEY ("ticket_id", "tag_id")
);
--> statement-breakpoint
CREATE INDEX "ticket_tags_tag_idx" ON "ticket_tags" USING btree ("tag_id", "ticket_id");
