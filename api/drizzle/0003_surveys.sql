CREATE TABLE "survey_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_ticket_id_idx" ON "survey_invitations" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_token_hash_idx" ON "survey_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "survey_invitations_sent_at_idx" ON "survey_invitations" USING btree ("sent_at","responded_at");--> statement-breakpoint
CREATE INDEX "satisfaction_surveys_created_at_idx" ON "satisfaction_surveys" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "satisfaction_surveys_technician_idx" ON "satisfaction_surveys" USING btree ("assigned_technician_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_stats_idx" ON "support_tickets" USING btree ("created_at","status","assigned_to","id");--> statement-breakpoint
CREATE INDEX "ticket_updates_entered_done_idx" ON "ticket_updates" USING btree ("created_at","ticket_id") WHERE "ticket_updates"."update_type" = 'status_change' AND "ticket_updates"."new_value" IN ('resolved', 'closed') AND "ticket_updates"."previous_value" NOT IN ('resolved', 'closed');--> statement-breakpoint
ALTER TABLE "satisfaction_surveys" ADD CONSTRAINT "satisfaction_surveys_overall_rating_check" CHECK ("satisfaction_surveys"."overall_rating" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "satisfaction_surveys" ADD CONSTRAINT "satisfaction_surveys_technician_rating_check" CHECK ("satisfaction_surveys"."technician_rating" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "satisfaction_surveys" ADD CONSTRAINT "satisfaction_surveys_response_time_rating_check" CHECK ("satisfaction_surveys"."response_time_rating" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "satisfaction_surveys" ADD CONSTRAINT "satisfaction_surveys_resolution_rating_check" CHECK ("satisfaction_surveys"."resolution_rating" BETWEEN 1 AND 5);