CREATE TABLE "inbound_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"sender" text NOT NULL,
	"subject" text NOT NULL,
	"outcome" text NOT NULL,
	"ticket_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text,
	"sender" text,
	"subject" text,
	"reason" text NOT NULL,
	"size" integer NOT NULL,
	"raw_base64" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inbound_failures_created_idx" ON "inbound_failures" USING btree ("created_at");
