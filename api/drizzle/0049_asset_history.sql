-- An asset's history (issue 53 item 2, docs/assets.md "History"): who created it, who changed which
-- field from what to what, and which tickets were linked and unlinked, when. One row per field
-- change; values as shown (names, not ids), at most 200 characters. The asset page and the phone's
-- copy (delta feed) carry the newest 50, in `seq` order (the order written; `at` is the write's clock).
CREATE TABLE "asset_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"asset_id" uuid NOT NULL REFERENCES "assets"("id") ON DELETE cascade,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"kind" text NOT NULL,
	"field" text,
	"previous_value" text,
	"new_value" text,
	"ticket_id" uuid REFERENCES "support_tickets"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "asset_changes_asset_idx" ON "asset_changes" USING btree ("asset_id","seq");
