-- Staff search over a ticket's contact and site (issue 58, docs/search.md "Links"): the words
-- document of a ticket also holds its contact's name and e-mail address (split into parts, as the
-- ticket's own address) and its site's name, after its client's name, in the order of
-- documentWords() (shared/src/search/route.ts). Kept as migration 0050 keeps client names:
-- - a ticket given another contact or site (a PATCH, a contact or site deleted: ON DELETE SET NULL)
--   rewrites its row in the same transaction (the client_id triggers now watch all three columns);
-- - a contact renamed (name or e-mail) or a site renamed rewrites the rows of its tickets at once
--   when they are at most 500, else queues one `contact` / `site` job that the queue's worker
--   (tickets/searchQueue.ts) walks 500 tickets per transaction after commit;
-- - rows written before this migration: one job per contact and per site that has tickets (their
--   tickets only, not the whole table), drained after the server listens.
-- The migration itself adds an index over the tickets that have a site (partial: instant when few
-- do) and replaces functions and triggers.
CREATE INDEX IF NOT EXISTS "support_tickets_site_idx" ON "support_tickets" USING btree ("site_id", "created_at", "id") WHERE "site_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "ticket_search_jobs" DROP CONSTRAINT "ticket_search_jobs_kind";
--> statement-breakpoint
ALTER TABLE "ticket_search_jobs" ADD CONSTRAINT "ticket_search_jobs_kind" CHECK ("kind" IN ('all', 'client', 'tag', 'asset', 'contact', 'site'));
--> statement-breakpoint
-- The document of migration 0050 with the contact (name, e-mail) and the site's name after the client's name.
CREATE OR REPLACE FUNCTION "ticket_search_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "ticket_search" ("ticket_id", "created_at", "doc", "email", "domain_rev", "phone_rev", "asset_tags")
	SELECT t."id", t."created_at",
		"search_doc"(concat_ws(' ', t."client_name", t."business_name", c."name", k."name", k."email", s."name", t."customer_email", t."issue", t."resolution",
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
	LEFT JOIN "client_contacts" k ON k."id" = t."contact_id"
	LEFT JOIN "client_sites" s ON s."id" = t."site_id"
	ON CONFLICT ("ticket_id") DO UPDATE SET "doc" = excluded."doc", "email" = excluded."email",
		"domain_rev" = excluded."domain_rev", "phone_rev" = excluded."phone_rev", "asset_tags" = excluded."asset_tags"
$$;
--> statement-breakpoint
-- A ticket given another client, contact or site: migration 0050's two triggers, over the three columns.
DROP TRIGGER "ticket_search_client_changed" ON "support_tickets";
--> statement-breakpoint
DROP TRIGGER "ticket_search_client_flush" ON "support_tickets";
--> statement-breakpoint
CREATE TRIGGER "ticket_search_client_changed" AFTER UPDATE OF "client_id", "contact_id", "site_id" ON "support_tickets"
	FOR EACH ROW WHEN (OLD."client_id" IS DISTINCT FROM NEW."client_id" OR OLD."contact_id" IS DISTINCT FROM NEW."contact_id" OR OLD."site_id" IS DISTINCT FROM NEW."site_id")
	EXECUTE FUNCTION "ticket_search_client_row_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_client_flush" AFTER UPDATE OF "client_id", "contact_id", "site_id" ON "support_tickets"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_client_statement_trigger"();
--> statement-breakpoint
-- Migration 0050's job walker with contacts' and sites' tickets, walked by creation time as a
-- client's are (indexes: support_tickets (contact_id, created_at) of migration 0052, (site_id,
-- created_at, id) above).
CREATE OR REPLACE FUNCTION "ticket_search_job_tickets"(job_kind text, ref uuid, after_at timestamp with time zone, after_id uuid, n integer)
RETURNS TABLE ("id" uuid, "created_at" timestamp with time zone) LANGUAGE sql STABLE AS $$
	(SELECT t."id", NULL::timestamp with time zone FROM "support_tickets" t
	 WHERE job_kind = 'all' AND t."id" > coalesce(after_id, '00000000-0000-0000-0000-000000000000') ORDER BY t."id" LIMIT n)
	UNION ALL
	(SELECT t."id", t."created_at" FROM "support_tickets" t
	 WHERE job_kind = 'client' AND t."client_id" = ref
	   AND (t."created_at", t."id") > (coalesce(after_at, '-infinity'), coalesce(after_id, '00000000-0000-0000-0000-000000000000'))
	 ORDER BY t."created_at", t."id" LIMIT n)
	UNION ALL
	(SELECT t."id", t."created_at" FROM "support_tickets" t
	 WHERE job_kind = 'contact' AND t."contact_id" = ref AND t."created_at" >= coalesce(after_at, '-infinity')
	   AND (t."created_at", t."id") > (coalesce(after_at, '-infinity'), coalesce(after_id, '00000000-0000-0000-0000-000000000000'))
	 ORDER BY t."created_at", t."id" LIMIT n)
	UNION ALL
	(SELECT t."id", t."created_at" FROM "support_tickets" t
	 WHERE job_kind = 'site' AND t."site_id" = ref
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
CREATE TRIGGER "ticket_search_contact_renamed" AFTER UPDATE OF "name", "email" ON "client_contacts"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
	EXECUTE FUNCTION "ticket_search_renamed_trigger"('contact');
--> statement-breakpoint
CREATE TRIGGER "ticket_search_site_renamed" AFTER UPDATE OF "name" ON "client_sites"
	FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "ticket_search_renamed_trigger"('site');
--> statement-breakpoint
-- The rows written before this migration: the tickets of every contact and site that has any.
INSERT INTO "ticket_search_jobs" ("kind", "ref_id")
	SELECT DISTINCT 'contact', "contact_id" FROM "support_tickets" WHERE "contact_id" IS NOT NULL
	UNION ALL
	SELECT DISTINCT 'site', "site_id" FROM "support_tickets" WHERE "site_id" IS NOT NULL
	ON CONFLICT ("kind", "ref_id") DO NOTHING;
