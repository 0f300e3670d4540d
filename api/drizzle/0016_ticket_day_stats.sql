-- Per UTC day of creation and assignee: the additive figures of the survey statistics' ticket
-- aggregates (docs/benchmarks.md, SLA section). Kept by a row trigger on support_tickets, in the
-- transaction of every write that changes a ticket's creation day, assignee, status, resolved_at,
-- first_response_at (or updated_at of a done ticket without resolved_at: the scheduler's fallback)
-- (the service, imports, purges and hand-made rows alike); backfilled below.
CREATE TABLE "ticket_day_stats" (
	"day" date NOT NULL,
	"assignee" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"timed" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" numeric DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"done_seconds" numeric DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_day_stats_day_assignee_pk" PRIMARY KEY("day","assignee")
);
--> statement-breakpoint
CREATE FUNCTION "ticket_day_stats_apply"(t "support_tickets", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	is_done boolean := t."status" IN ('resolved', 'closed');
	is_timed boolean := t."status" IN ('resolved', 'closed') AND t."resolved_at" IS NOT NULL;
BEGIN
	INSERT INTO "ticket_day_stats" AS s ("day", "assignee", "total", "done", "timed", "resolution_seconds",
		"open", "in_progress", "resolved", "closed", "done_seconds", "responded", "first_response_seconds")
	VALUES ((t."created_at" AT TIME ZONE 'UTC')::date, coalesce(t."assigned_to"::text, ''), sign,
		CASE WHEN is_done THEN sign ELSE 0 END,
		CASE WHEN is_timed THEN sign ELSE 0 END,
		CASE WHEN is_timed THEN sign * extract(epoch FROM (t."resolved_at" - t."created_at")) ELSE 0 END,
		CASE WHEN t."status" = 'open' THEN sign ELSE 0 END,
		CASE WHEN t."status" = 'in_progress' THEN sign ELSE 0 END,
		CASE WHEN t."status" = 'resolved' THEN sign ELSE 0 END,
		CASE WHEN t."status" = 'closed' THEN sign ELSE 0 END,
		CASE WHEN is_done THEN sign * extract(epoch FROM (coalesce(t."resolved_at", t."updated_at") - t."created_at")) ELSE 0 END,
		CASE WHEN t."first_response_at" IS NOT NULL THEN sign ELSE 0 END,
		CASE WHEN t."first_response_at" IS NOT NULL THEN sign * extract(epoch FROM (t."first_response_at" - t."created_at")) ELSE 0 END)
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
END $$;
--> statement-breakpoint
CREATE FUNCTION "ticket_day_stats_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW."created_at" IS NOT DISTINCT FROM OLD."created_at"
		AND NEW."assigned_to" IS NOT DISTINCT FROM OLD."assigned_to"
		AND NEW."status" IS NOT DISTINCT FROM OLD."status"
		AND NEW."resolved_at" IS NOT DISTINCT FROM OLD."resolved_at"
		AND NEW."first_response_at" IS NOT DISTINCT FROM OLD."first_response_at"
		AND (NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at" OR NEW."status" NOT IN ('resolved', 'closed') OR NEW."resolved_at" IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "ticket_day_stats_apply"(OLD, -1); END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "ticket_day_stats_apply"(NEW, 1); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_day_stats_sync" AFTER INSERT OR UPDATE OR DELETE ON "support_tickets"
	FOR EACH ROW EXECUTE FUNCTION "ticket_day_stats_trigger"();
--> statement-breakpoint
-- Backfill
INSERT INTO "ticket_day_stats" ("day", "assignee", "total", "done", "timed", "resolution_seconds",
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
FROM "support_tickets" t
GROUP BY 1, 2;
