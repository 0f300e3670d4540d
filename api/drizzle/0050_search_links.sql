-- Staff search over a ticket's links (issue 58 Decision 1's last line, docs/search.md "Links: client,
-- tags, assets"): the words document of a ticket also holds the name of its client (clients table),
-- its tags and its linked assets' names and tags, and `asset_tags` (lower-cased) serves the `asset`
-- route (`A-0042`, or any typed tag equal to an asset's tag) through a GIN index.
--
-- Kept at write time by the triggers below, with one rule for size (docs/search.md "Renames in
-- batches"): a change that touches at most 500 tickets rewrites their rows in its own transaction
-- (a ticket tagged, linked to an asset or moved to another client is found at once); a bigger one
-- only queues them, O(1) for a rename (`ticket_search_jobs`: "every ticket of client X") and one
-- cheap row per ticket for a bulk link change (`ticket_search_stale`), and the app rewrites the
-- queued rows after commit, 500 tickets per transaction (tickets/searchQueue.ts). So renaming a
-- client of 100,000 tickets costs the rename one index probe, never 100,000 row rewrites.
-- Rows of tickets written before this migration are rewritten the same way (the `all` job queued
-- below, drained after the server listens, with progress in the log): the migration itself only
-- adds a column with a constant default, an index over it and empty tables.
ALTER TABLE "ticket_search" ADD COLUMN "asset_tags" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
CREATE INDEX "ticket_search_asset_tags_idx" ON "ticket_search" USING gin ("asset_tags");
--> statement-breakpoint
-- Tickets whose row must be rewritten (a bulk link change). `tx`: the transaction that queued it
-- (a statement of that transaction rewrites its own few at once).
CREATE TABLE "ticket_search_stale" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_search_stale_tx_idx" ON "ticket_search_stale" ("tx");
--> statement-breakpoint
-- Renames whose tickets' rows must be rewritten: every ticket of a client, tag or asset (`ref_id`),
-- or of the whole table (`all`, ref_id zero), walked in batches from (`after_at`, `after_id`).
CREATE TABLE "ticket_search_jobs" (
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"after_at" timestamp with time zone,
	"after_id" uuid,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_search_jobs_pkey" PRIMARY KEY ("kind", "ref_id"),
	CONSTRAINT "ticket_search_jobs_kind" CHECK ("kind" IN ('all', 'client', 'tag', 'asset'))
);
--> statement-breakpoint
-- How many times search rows changed (transactions, not rows): the staff list's page cache adds it
-- to the tickets' high-water mark (tickets/staffListRepository.ts), since a rename or the queue's
-- worker changes what a search finds without writing any ticket. Bumped by a deferred trigger at
-- commit, once per transaction: the row is locked only from then to the commit, when the
-- transaction waits for nothing else (no deadlock with the row locks writers hold).
CREATE TABLE "ticket_search_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"tx" xid8,
	CONSTRAINT "ticket_search_version_one_row" CHECK ("id")
);
--> statement-breakpoint
INSERT INTO "ticket_search_version" ("id", "n") VALUES (true, 0);
--> statement-breakpoint
CREATE FUNCTION "ticket_search_version_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "ticket_search_version" SET "n" = "n" + 1, "tx" = pg_current_xact_id() WHERE "tx" IS DISTINCT FROM pg_current_xact_id();
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ticket_search_changed" AFTER INSERT OR UPDATE OR DELETE ON "ticket_search"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ticket_search_version_trigger"();
--> statement-breakpoint
-- The document of migration 0025 with the links, in the order of documentWords() (shared/src/search/route.ts):
-- contact name, business, client's name, e-mail, issue, resolution, tags (by lower-cased name),
-- assets (name then tag, by lower-cased tag), comments oldest first.
CREATE OR REPLACE FUNCTION "ticket_search_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "ticket_search" ("ticket_id", "created_at", "doc", "email", "domain_rev", "phone_rev", "asset_tags")
	SELECT t."id", t."created_at",
		"search_doc"(concat_ws(' ', t."client_name", t."business_name", c."name", t."customer_email", t."issue", t."resolution",
			(SELECT string_agg(g."name", ' ' ORDER BY lower(g."name") COLLATE "C") FROM "ticket_tags" l JOIN "tags" g ON g."id" = l."tag_id"
			 WHERE l."ticket_id" = t."id"),
			(SELECT string_agg(a."name" || ' ' || a."asset_tag", ' ' ORDER BY lower(a."asset_tag") COLLATE "C") FROM "ticket_assets" l
			 JOIN "assets" a ON a."id" = l."asset_id" WHERE l."ticket_id" = t."id"),
			(SELECT string_agg(u."comment", ' ' ORDER BY u."created_at", u."id") FROM "ticket_updates" u
			 WHERE u."ticket_id" = t."id" AND u."comment" IS NOT NULL AND u."comment" <> ''))),
		lower(t."customer_email"), "search_domain_rev"(t."customer_email"),
		reverse(regexp_replace(t."customer_phone", '\D', '', 'g')),
		ARRAY(SELECT DISTINCT lower(a."asset_tag") FROM "ticket_assets" l JOIN "assets" a ON a."id" = l."asset_id" WHERE l."ticket_id" = t."id")
	FROM unnest(ids) AS i("id") JOIN "support_tickets" t ON t."id" = i."id"
	LEFT JOIN "clients" c ON c."id" = t."client_id"
	ON CONFLICT ("ticket_id") DO UPDATE SET "doc" = excluded."doc", "email" = excluded."email",
		"domain_rev" = excluded."domain_rev", "phone_rev" = excluded."phone_rev", "asset_tags" = excluded."asset_tags"
$$;
--> statement-breakpoint
-- Rewrites the rows of `ids` now when they are at most 500, else queues them (module comment).
CREATE FUNCTION "ticket_search_touch"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF cardinality(ids) = 0 THEN RETURN; END IF;
	IF cardinality(ids) <= 500 THEN
		PERFORM "ticket_search_refresh"(ids);
	ELSE
		-- DO UPDATE, not NOTHING: the row is locked until this transaction ends, so the queue's
		-- worker (SKIP LOCKED) rewrites it only once this change is visible.
		INSERT INTO "ticket_search_stale" ("ticket_id") SELECT DISTINCT x FROM unnest(ids) AS u(x) ORDER BY 1
			ON CONFLICT ("ticket_id") DO UPDATE SET "tx" = excluded."tx", "queued_at" = excluded."queued_at";
	END IF;
END $$;
--> statement-breakpoint
-- Tag and asset links added, removed or moved (one statement: a PATCH, a tag merge, a delete's cascade).
CREATE FUNCTION "ticket_search_link_rows_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "ticket_search_touch"(ARRAY(SELECT DISTINCT "ticket_id" FROM "ticket_search_link_rows"));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_search_tag_added" AFTER INSERT ON "ticket_tags" REFERENCING NEW TABLE AS "ticket_search_link_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_link_rows_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_tag_moved" AFTER UPDATE ON "ticket_tags" REFERENCING NEW TABLE AS "ticket_search_link_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_link_rows_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_tag_removed" AFTER DELETE ON "ticket_tags" REFERENCING OLD TABLE AS "ticket_search_link_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_link_rows_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_asset_linked" AFTER INSERT ON "ticket_assets" REFERENCING NEW TABLE AS "ticket_search_link_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_link_rows_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_asset_moved" AFTER UPDATE ON "ticket_assets" REFERENCING NEW TABLE AS "ticket_search_link_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_link_rows_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_asset_unlinked" AFTER DELETE ON "ticket_assets" REFERENCING OLD TABLE AS "ticket_search_link_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_link_rows_trigger"();
--> statement-breakpoint
-- A ticket moved to another client (or to none: a client's delete sets it null). PostgreSQL allows
-- no transition table on a column-list trigger, so: a row trigger that fires only when client_id
-- changed queues the ticket (cheap), and a statement trigger rewrites this transaction's queued
-- tickets at once when they are at most 500 (a PATCH, a group commit), else leaves them queued
-- (`npm run clients:link`, a client deleted with its tickets).
CREATE FUNCTION "ticket_search_client_row_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "ticket_search_stale" ("ticket_id") VALUES (NEW."id")
		ON CONFLICT ("ticket_id") DO UPDATE SET "tx" = excluded."tx", "queued_at" = excluded."queued_at";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ticket_search_client_statement_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
	ids := ARRAY(SELECT "ticket_id" FROM "ticket_search_stale" WHERE "tx" = pg_current_xact_id() LIMIT 501);
	IF cardinality(ids) BETWEEN 1 AND 500 THEN
		PERFORM "ticket_search_refresh"(ids);
		DELETE FROM "ticket_search_stale" WHERE "ticket_id" = ANY(ids);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_search_client_changed" AFTER UPDATE OF "client_id" ON "support_tickets"
	FOR EACH ROW WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id")
	EXECUTE FUNCTION "ticket_search_client_row_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_client_flush" AFTER UPDATE OF "client_id" ON "support_tickets"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_client_statement_trigger"();
--> statement-breakpoint
-- Up to `n` tickets of a job after its cursor, in its walking order (the indexes of migrations 0023,
-- 0032 and 0046 serve each: support_tickets (client_id, created_at, id), ticket_tags (tag_id,
-- ticket_id), ticket_assets (asset_id); `all`: the primary key). `created_at` is set only for a
-- client's tickets (walked by creation time); the others are walked by ticket id alone.
CREATE FUNCTION "ticket_search_job_tickets"(job_kind text, ref uuid, after_at timestamp with time zone, after_id uuid, n integer)
RETURNS TABLE ("id" uuid, "created_at" timestamp with time zone) LANGUAGE sql STABLE AS $$
	(SELECT t."id", NULL::timestamp with time zone FROM "support_tickets" t
	 WHERE job_kind = 'all' AND t."id" > coalesce(after_id, '00000000-0000-0000-0000-000000000000') ORDER BY t."id" LIMIT n)
	UNION ALL
	(SELECT t."id", t."created_at" FROM "support_tickets" t
	 WHERE job_kind = 'client' AND t."client_id" = ref
	   AND (t."created_at", t."id") > (coalesce(after_at, '-infinity'), coalesce(after_id, '00000000-0000-0000-0000-000000000000'))
	 ORDER BY t."created_at", t."id" LIMIT n)
	UNION ALL
	(SELECT l."ticket_id", NULL FROM "ticket_tags" l
	 WHERE job_kind = 'tag' AND l."tag_id" = ref AND l."ticket_id" > coalesce(after_id, '00000000-0000-0000-0000-000000000000') ORDER BY l."ticket_id" LIMIT n)
	UNION ALL
	(SELECT l."ticket_id", NULL FROM "ticket_assets" l
	 WHERE job_kind = 'asset' AND l."asset_id" = ref AND l."ticket_id" > coalesce(after_id, '00000000-0000-0000-0000-000000000000') ORDER BY l."ticket_id" LIMIT n)
$$;
--> statement-breakpoint
-- A client, tag or asset renamed (or an asset's tag changed): its tickets' rows, at once when they
-- are at most 500, else one job row (O(1) whatever the number of tickets).
CREATE FUNCTION "ticket_search_renamed_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE job_kind text := TG_ARGV[0]; ids uuid[];
BEGIN
	ids := ARRAY(SELECT x."id" FROM "ticket_search_job_tickets"(job_kind, NEW."id", NULL, NULL, 501) x);
	IF cardinality(ids) <= 500 THEN
		PERFORM "ticket_search_refresh"(ids);
	ELSE
		INSERT INTO "ticket_search_jobs" ("kind", "ref_id") VALUES (job_kind, NEW."id")
			ON CONFLICT ("kind", "ref_id") DO UPDATE SET "after_at" = NULL, "after_id" = NULL, "queued_at" = now();
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_search_client_renamed" AFTER UPDATE OF "name" ON "clients"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "ticket_search_renamed_trigger"('client');
--> statement-breakpoint
CREATE TRIGGER "ticket_search_tag_renamed" AFTER UPDATE OF "name" ON "tags"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "ticket_search_renamed_trigger"('tag');
--> statement-breakpoint
CREATE TRIGGER "ticket_search_asset_renamed" AFTER UPDATE OF "name", "asset_tag" ON "assets"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."asset_tag" IS DISTINCT FROM NEW."asset_tag")
	EXECUTE FUNCTION "ticket_search_renamed_trigger"('asset');
--> statement-breakpoint
-- One step of the queue's worker (tickets/searchQueue.ts), in its own transaction: the oldest job's
-- next `n` tickets (its cursor moved, or the job deleted when done), else up to `n` stale tickets.
-- Rows a writer is rewriting are waited for (FOR UPDATE), so the step's rewrite, a later statement,
-- reads that writer's committed change and never puts an older document back. Returns the tickets
-- rewritten, or -1 when nothing was queued.
CREATE FUNCTION "ticket_search_drain_step"(n integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE j record; ids uuid[]; last_at timestamp with time zone; last_id uuid;
BEGIN
	SELECT * INTO j FROM "ticket_search_jobs" ORDER BY "queued_at", "kind", "ref_id" LIMIT 1 FOR UPDATE SKIP LOCKED;
	IF FOUND THEN
		SELECT coalesce(array_agg(x."id"), '{}'), max(x."created_at"), (array_agg(x."id" ORDER BY x."created_at" DESC NULLS LAST, x."id" DESC))[1]
			INTO ids, last_at, last_id
			FROM "ticket_search_job_tickets"(j."kind", j."ref_id", j."after_at", j."after_id", n) x;
		PERFORM 1 FROM "ticket_search" WHERE "ticket_id" = ANY(ids) ORDER BY "ticket_id" FOR UPDATE;
		PERFORM "ticket_search_refresh"(ids);
		IF cardinality(ids) < n THEN
			DELETE FROM "ticket_search_jobs" WHERE "kind" = j."kind" AND "ref_id" = j."ref_id";
		ELSE
			UPDATE "ticket_search_jobs" SET "after_at" = last_at, "after_id" = last_id WHERE "kind" = j."kind" AND "ref_id" = j."ref_id";
		END IF;
		RETURN cardinality(ids);
	END IF;
	SELECT coalesce(array_agg(s."ticket_id"), '{}') INTO ids
		FROM (SELECT "ticket_id" FROM "ticket_search_stale" ORDER BY "ticket_id" LIMIT n FOR UPDATE SKIP LOCKED) s;
	IF cardinality(ids) = 0 THEN RETURN -1; END IF;
	PERFORM 1 FROM "ticket_search" WHERE "ticket_id" = ANY(ids) ORDER BY "ticket_id" FOR UPDATE;
	PERFORM "ticket_search_refresh"(ids);
	DELETE FROM "ticket_search_stale" WHERE "ticket_id" = ANY(ids);
	RETURN cardinality(ids);
END $$;
--> statement-breakpoint
-- The rows written before this migration get the links' words: one `all` job (none on an empty table).
INSERT INTO "ticket_search_jobs" ("kind", "ref_id") SELECT 'all', '00000000-0000-0000-0000-000000000000' WHERE EXISTS (SELECT 1 FROM "ticket_search");
