CREATE TABLE "ticket_status_links" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "customer_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_status_links" ADD CONSTRAINT "ticket_status_links_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_status_links_token_hash_idx" ON "ticket_status_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "ticket_status_links_expires_idx" ON "ticket_status_links" USING btree ("expires_at");