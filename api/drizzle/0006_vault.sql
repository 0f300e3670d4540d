CREATE TABLE "vault_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"field" text NOT NULL,
	"endpoint_id" uuid,
	"endpoint_name" text,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_tombstones" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_vault" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_vault" ADD COLUMN "sync_seq" bigint DEFAULT nextval('sync_seq') NOT NULL;--> statement-breakpoint
CREATE INDEX "vault_reveals_created_at_idx" ON "vault_reveals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vault_reveals_entry_id_idx" ON "vault_reveals" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "vault_reveals_user_id_idx" ON "vault_reveals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "vault_tombstones_sync_seq_idx" ON "vault_tombstones" USING btree ("sync_seq");--> statement-breakpoint
CREATE INDEX "customer_vault_sort_idx" ON "customer_vault" USING btree (lower("business_name"),"id");--> statement-breakpoint
CREATE INDEX "customer_vault_sync_seq_idx" ON "customer_vault" USING btree ("sync_seq");--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_domain_password_encrypted" CHECK ("domain_password" is null or "domain_password" ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_hosting_password_encrypted" CHECK ("hosting_password" is null or "hosting_password" ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_wifi_password_encrypted" CHECK ("wifi_password" is null or "wifi_password" ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_router_password_encrypted" CHECK ("router_password" is null or "router_password" ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_isp_account_number_encrypted" CHECK ("isp_account_number" is null or "isp_account_number" ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_phone_account_number_encrypted" CHECK ("phone_account_number" is null or "phone_account_number" ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$');