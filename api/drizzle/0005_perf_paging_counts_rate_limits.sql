CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "ticket_counts" (
	"assignee" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_counts_assignee_status_pk" PRIMARY KEY("assignee","status")
);
--> statement-breakpoint
DROP INDEX "support_tickets_assigned_to_idx";--> statement-breakpoint
DROP INDEX "support_tickets_created_at_idx";--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_assigned_created_idx" ON "support_tickets" USING btree ("assigned_to","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_active_sync_seq_idx" ON "support_tickets" USING btree ("sync_seq") WHERE "support_tickets"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "support_tickets_updated_at_idx" ON "support_tickets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_search_idx" ON "support_tickets" USING gin (("ticket_number" || ' ' || "client_name" || ' ' || coalesce("business_name", '') || ' ' || "customer_email" || ' ' || "customer_phone" || ' ' || "issue") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_tickets_created_at_idx" ON "support_tickets" USING btree ("created_at","id");