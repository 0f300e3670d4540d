-- Assets (issue 53, docs/assets.md): every device of a client, its links to tickets (many to many),
-- deleted assets for the phones' delta feed, and the warranty alerts claimed once per asset and date.
-- Creates empty tables only.
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"make" text,
	"model" text,
	"serial_number" text,
	"asset_tag" text NOT NULL,
	"site_id" uuid REFERENCES "client_sites"("id") ON DELETE set null,
	"contact_id" uuid REFERENCES "client_contacts"("id") ON DELETE set null,
	"ip_address" text,
	"mac_address" text,
	"operating_system" text,
	"purchase_date" date,
	"warranty_end" date,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"vault_entry_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "assets_tag_key" ON "assets" USING btree (lower("asset_tag"));
--> statement-breakpoint
CREATE INDEX "assets_sort_idx" ON "assets" USING btree (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX "assets_client_idx" ON "assets" USING btree ("client_id", lower("name"), "id");
--> statement-breakpoint
CREATE INDEX "assets_serial_idx" ON "assets" USING btree (lower("serial_number")) WHERE "serial_number" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "assets_warranty_idx" ON "assets" USING btree ("warranty_end") WHERE "warranty_end" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "assets_sync_seq_idx" ON "assets" USING btree ("sync_seq");
--> statement-breakpoint
CREATE SEQUENCE "asset_tag_seq" START WITH 1;
--> statement-breakpoint
CREATE TABLE "ticket_assets" (
	"ticket_id" uuid NOT NULL REFERENCES "support_tickets"("id") ON DELETE cascade,
	"asset_id" uuid NOT NULL REFERENCES "assets"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("ticket_id", "asset_id")
);
--> statement-breakpoint
CREATE INDEX "ticket_assets_asset_idx" ON "ticket_assets" USING btree ("asset_id");
--> statement-breakpoint
CREATE TABLE "asset_tombstones" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "asset_tombstones_sync_seq_idx" ON "asset_tombstones" USING btree ("sync_seq");
--> statement-breakpoint
CREATE TABLE "asset_warranty_alerts" (
	"asset_id" uuid NOT NULL REFERENCES "assets"("id") ON DELETE cascade,
	"warranty_end" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("asset_id", "warranty_end")
);
