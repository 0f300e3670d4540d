-- Reads across features through views their owner keeps (issue 49 item 5, DESIGN.md "A feature reads
-- another feature's data through that feature's port, not its tables"). Other features' SQL names
-- these views, never support_tickets / ticket_updates / ticket_day_stats / satisfaction_surveys
-- (api/src/architecture.test.ts fails when it does). Each view is one table's listed columns: the
-- planner inlines it, so indexes and plans are the table's. A column joins a view only when a
-- reader needs it (CREATE OR REPLACE VIEW in a later migration); dropping a column a view lists
-- fails, which is the point: the readers' contract is visible.
-- Owned by the tickets feature (api/src/features/tickets/port.ts): ticket_facts, ticket_history, ticket_day_facts.
CREATE VIEW "ticket_facts" AS SELECT
	"id", "ticket_number", "client_name", "business_name", "customer_email", "customer_phone", "severity",
	"contact_method", "issue", "status", "assigned_to", "resolution", "version", "sync_seq", "created_at", "updated_at",
	"first_response_due_at", "resolution_due_at", "first_response_warn_at", "resolution_warn_at",
	"first_response_at", "resolved_at", "waiting_on_customer", "waiting_since", "paused_minutes",
	"customer_replied_at", "client_id", "site_id", "contact_id"
FROM "support_tickets";
--> statement-breakpoint
CREATE VIEW "ticket_history" AS SELECT
	"id", "ticket_id", "updated_by", "update_type", "previous_value", "new_value", "comment", "reply",
	"ticket_version", "sync_seq", "created_at", "macro_id", "macro_name"
FROM "ticket_updates";
--> statement-breakpoint
CREATE VIEW "ticket_day_facts" AS SELECT
	"day", "assignee", "total", "done", "timed", "resolution_seconds", "open", "in_progress", "resolved",
	"closed", "done_seconds", "responded", "first_response_seconds"
FROM "ticket_day_stats";
--> statement-breakpoint
-- Owned by the surveys feature (api/src/features/surveys/port.ts): the responses the scheduler's KPIs read.
CREATE VIEW "survey_facts" AS SELECT
	"id", "ticket_id", "ticket_number", "customer_name", "customer_email", "assigned_technician_id",
	"assigned_technician_name", "resolution_time_hours", "overall_rating", "technician_rating",
	"response_time_rating", "resolution_rating", "comments", "improvements", "created_at"
FROM "satisfaction_surveys";
