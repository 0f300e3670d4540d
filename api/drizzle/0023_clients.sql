-- Clients, sites and contacts (issue 50, docs/clients.md). Creates empty tables and nullable
-- columns only: nothing is matched or created from existing data here (`npm run clients:link`).
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone" text,
	"notes" text,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_key" ON "clients" USING btree (lower("name"));
--> statement-breakpoint
CREATE INDEX "clients_sort_idx" ON "clients" USING btree (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX "clients_sync_seq_idx" ON "clients" USING btree ("sync_seq");
--> statement-breakpoint
CREATE INDEX "clients_email_domains_idx" ON "clients" USING gin ("email_domains");
--> statement-breakpoint
CREATE TABLE "client_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"address" text,
	"access_notes" text,
	"latitude" double precision,
	"longitude" double precision,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_sites_client_idx" ON "client_sites" USING btree ("client_id", "name");
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"title" text,
	"preferred_contact_method" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("client_id", "name");
--> statement-breakpoint
CREATE UNIQUE INDEX "client_contacts_email_key" ON "client_contacts" USING btree (lower("email")) WHERE "archived_at" is null and "email" is not null;
--> statement-breakpoint
CREATE TABLE "client_tombstones" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_tombstones_sync_seq_idx" ON "client_tombstones" USING btree ("sync_seq");
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "client_id" uuid REFERENCES "clients"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "site_id" uuid REFERENCES "client_sites"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "contact_id" uuid REFERENCES "client_contacts"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "support_tickets_client_idx" ON "support_tickets" USING btree ("client_id", "created_at", "id") WHERE "client_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_vault" ADD COLUMN "client_id" uuid REFERENCES "clients"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "customer_vault_client_idx" ON "customer_vault" USING btree ("client_id");
--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ("name" gin_trgm_ops);
