-- Staff search routed by the shape of the query (issue 58, docs/search.md): one narrow row per
-- ticket, kept out of the list's `select *` of support_tickets. `doc` is a tsvector of the words
-- (shared/src/search/words.ts: the same separators, lower-cased, no stemming) of client, business,
-- e-mail, issue, resolution and the comments of the work history, oldest first; `email`,
-- `domain_rev` (domain reversed label by label: com.acme.mail) and `phone_rev` (phone digits
-- reversed) serve the e-mail, domain and "phone ends with" routes as index prefixes.
-- Kept at write time by the triggers below, whoever writes; the rows of tickets that existed
-- before this migration are filled after the server listens, in batches (tickets/searchIndex.ts),
-- so the migration itself is instant at any size.
CREATE TABLE "ticket_search" (
	"ticket_id" uuid PRIMARY KEY NOT NULL REFERENCES "support_tickets"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	"doc" tsvector NOT NULL,
	"email" text NOT NULL,
	"domain_rev" text NOT NULL,
	"phone_rev" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_search_created_idx" ON "ticket_search" ("created_at", "ticket_id");
--> statement-breakpoint
CREATE INDEX "ticket_search_doc_idx" ON "ticket_search" USING gin ("doc");
--> statement-breakpoint
CREATE INDEX "ticket_search_email_idx" ON "ticket_search" ("email" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "ticket_search_domain_idx" ON "ticket_search" ("domain_rev" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "ticket_search_phone_idx" ON "ticket_search" ("phone_rev" text_pattern_ops);
--> statement-breakpoint
-- The words of a text as a tsvector with their positions (phrases), exactly as searchWords()
-- splits them: the separator class is SEARCH_SEPARATORS of shared/src/search/words.ts.
CREATE FUNCTION "search_doc"(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(string_agg(quote_literal(w) || ':' || least(n, 16383), ' '), '')::tsvector
	FROM regexp_split_to_table(lower(coalesce(t, '')), '[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00bf\u00d7\u00f7\u2000-\u206f\u3000-\u3003\ufeff]+') WITH ORDINALITY AS x(w, n)
	WHERE w <> '' AND char_length(w) <= 100
$$;
--> statement-breakpoint
-- The domain of an e-mail address reversed label by label (reversedDomain() of words.ts).
CREATE FUNCTION "search_domain_rev"(email text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce((SELECT string_agg(p, '.' ORDER BY i DESC)
		FROM unnest(string_to_array(substring(lower(email) FROM '@([^@]*)$'), '.')) WITH ORDINALITY AS x(p, i)), '')
$$;
--> statement-breakpoint
-- Writes the search rows of these tickets from their current state (insert or replace).
CREATE FUNCTION "ticket_search_refresh"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "ticket_search" ("ticket_id", "created_at", "doc", "email", "domain_rev", "phone_rev")
	SELECT t."id", t."created_at",
		"search_doc"(concat_ws(' ', t."client_name", t."business_name", t."customer_email", t."issue", t."resolution",
			(SELECT string_agg(u."comment", ' ' ORDER BY u."created_at", u."id") FROM "ticket_updates" u
			 WHERE u."ticket_id" = t."id" AND u."comment" IS NOT NULL AND u."comment" <> ''))),
		lower(t."customer_email"), "search_domain_rev"(t."customer_email"),
		reverse(regexp_replace(t."customer_phone", '\D', '', 'g'))
	FROM unnest(ids) AS i("id") JOIN "support_tickets" t ON t."id" = i."id"
	ON CONFLICT ("ticket_id") DO UPDATE SET "doc" = excluded."doc", "email" = excluded."email",
		"domain_rev" = excluded."domain_rev", "phone_rev" = excluded."phone_rev"
$$;
--> statement-breakpoint
CREATE FUNCTION "ticket_search_insert_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "ticket_search_refresh"(ARRAY(SELECT "id" FROM "ticket_search_new_tickets"));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ticket_search_update_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "ticket_search_refresh"(ARRAY[NEW."id"]);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ticket_search_comment_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "ticket_search_new_updates" WHERE "comment" IS NOT NULL AND "comment" <> '') THEN
		PERFORM "ticket_search_refresh"(ARRAY(SELECT DISTINCT "ticket_id" FROM "ticket_search_new_updates"
			WHERE "comment" IS NOT NULL AND "comment" <> ''));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_search_insert" AFTER INSERT ON "support_tickets"
	REFERENCING NEW TABLE AS "ticket_search_new_tickets"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_insert_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_update" AFTER UPDATE OF "client_name", "business_name", "customer_email", "customer_phone", "issue", "resolution" ON "support_tickets"
	FOR EACH ROW WHEN (OLD."client_name" IS DISTINCT FROM NEW."client_name" OR OLD."business_name" IS DISTINCT FROM NEW."business_name"
		OR OLD."customer_email" IS DISTINCT FROM NEW."customer_email" OR OLD."customer_phone" IS DISTINCT FROM NEW."customer_phone"
		OR OLD."issue" IS DISTINCT FROM NEW."issue" OR OLD."resolution" IS DISTINCT FROM NEW."resolution")
	EXECUTE FUNCTION "ticket_search_update_trigger"();
--> statement-breakpoint
CREATE TRIGGER "ticket_search_comment" AFTER INSERT ON "ticket_updates"
	REFERENCING NEW TABLE AS "ticket_search_new_updates"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_search_comment_trigger"();
