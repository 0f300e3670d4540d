CREATE TABLE "sla_alerts" (
	"ticket_id" uuid NOT NULL,
	"alert" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_alerts_ticket_id_alert_pk" PRIMARY KEY("ticket_id","alert")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid,
	"minutes" integer NOT NULL,
	"billable" boolean NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "first_response_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolution_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "waiting_on_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "paused_minutes" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_alerts" ADD CONSTRAINT "sla_alerts_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entries_ticket_idx" ON "time_entries" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "time_entries_created_idx" ON "time_entries" USING btree ("created_at","ticket_id","user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_sla_stats_idx" ON "support_tickets" USING btree ("created_at","assigned_to","severity","status","first_response_at","first_response_due_at","resolved_at","resolution_due_at","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_sla_running_idx" ON "support_tickets" USING btree ("first_response_warn_at","resolution_warn_at") WHERE "support_tickets"."resolved_at" IS NULL AND NOT "support_tickets"."waiting_on_customer";--> statement-breakpoint
-- Backfill from the work history (README "SLA clocks and time tracking"): the first response is the
-- first staff entry after creation (the scheduler KPI's definition); a resolved or closed ticket was
-- resolved when it last entered resolved/closed from another status (none without such a row). Due times need the policy's business hours and are
-- filled by the API at start (tickets service `backfillSlaDueTimes`).
UPDATE "support_tickets" t SET "first_response_at" = f.at
FROM (SELECT "ticket_id", min("created_at") AS at FROM "ticket_updates"
      WHERE "updated_by" IS NOT NULL AND "update_type" <> 'created' GROUP BY "ticket_id") f
WHERE f."ticket_id" = t."id";--> statement-breakpoint
UPDATE "support_tickets" t SET "resolved_at" = r.at
FROM (SELECT u."ticket_id", max(u."created_at") AS at FROM "ticket_updates" u
      WHERE u."update_type" = 'status_change' AND u."new_value" IN ('resolved', 'closed') AND u."previous_value" NOT IN ('resolved', 'closed')
      GROUP BY u."ticket_id") r
WHERE r."ticket_id" = t."id" AND t."status" IN ('resolved', 'closed');
