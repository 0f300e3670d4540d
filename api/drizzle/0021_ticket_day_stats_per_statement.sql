-- ticket_day_stats (migration 0016) kept per INSERT statement instead of per inserted row: a group
-- commit of ticket creates (tickets/repository.ts `insertNewTickets`, 25 tickets or more per
-- statement under load) ran the row trigger's PL/pgSQL call and upsert once per ticket, 20% of the
-- statement's execution time (docs/benchmarks.md "Day statistics per statement"). The statement
-- trigger adds the inserted rows grouped by creation day and assignee, with the backfill's
-- expressions, in one upsert. Updates and deletes keep the row trigger (it skips a row whose counted
-- columns did not change).
CREATE FUNCTION "ticket_day_stats_insert_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "ticket_day_stats" AS s ("day", "assignee", "total", "done", "timed", "resolution_seconds",
		"open", "in_progress", "resolved", "closed", "done_seconds", "responded", "first_response_seconds")
	SELECT (t."created_at" AT TIME ZONE 'UTC')::date, coalesce(t."assigned_to"::text, ''), count(*)::int,
		(count(*) FILTER (WHERE t."status" IN ('resolved', 'closed')))::int,
		(count(*) FILTER (WHERE t."status" IN ('resolved', 'closed') AND t."resolved_at" IS NOT NULL))::int,
		coalesce(sum(extract(epoch FROM (t."resolved_at" - t."created_at"))) FILTER (WHERE t."status" IN ('resolved', 'closed') AND t."resolved_at" IS NOT NULL), 0),
		(count(*) FILTER (WHERE t."status" = 'open'))::int,
		(count(*) FILTER (WHERE t."status" = 'in_progress'))::int,
		(count(*) FILTER (WHERE t."status" = 'resolved'))::int,
		(count(*) FILTER (WHERE t."status" = 'closed'))::int,
		coalesce(sum(extract(epoch FROM (coalesce(t."resolved_at", t."updated_at") - t."created_at"))) FILTER (WHERE t."status" IN ('resolved', 'closed')), 0),
		count(t."first_response_at")::int,
		coalesce(sum(extract(epoch FROM (t."first_response_at" - t."created_at"))), 0)
	FROM "ticket_day_stats_new_rows" t
	GROUP BY 1, 2
	ON CONFLICT ("day", "assignee") DO UPDATE SET
		"total" = s."total" + excluded."total",
		"done" = s."done" + excluded."done",
		"timed" = s."timed" + excluded."timed",
		"resolution_seconds" = s."resolution_seconds" + excluded."resolution_seconds",
		"open" = s."open" + excluded."open",
		"in_progress" = s."in_progress" + excluded."in_progress",
		"resolved" = s."resolved" + excluded."resolved",
		"closed" = s."closed" + excluded."closed",
		"done_seconds" = s."done_seconds" + excluded."done_seconds",
		"responded" = s."responded" + excluded."responded",
		"first_response_seconds" = s."first_response_seconds" + excluded."first_response_seconds";
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "ticket_day_stats_sync" ON "support_tickets";
--> statement-breakpoint
CREATE TRIGGER "ticket_day_stats_sync" AFTER UPDATE OR DELETE ON "support_tickets"
	FOR EACH ROW EXECUTE FUNCTION "ticket_day_stats_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_day_stats_insert" AFTER INSERT ON "support_tickets"
	REFERENCING NEW TABLE AS "ticket_day_stats_new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_day_stats_insert_trigger"();
