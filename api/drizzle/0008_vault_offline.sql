CREATE TABLE "vault_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_name" text NOT NULL,
	"bundle_key" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" uuid,
	CONSTRAINT "vault_devices_bundle_key_encrypted" CHECK ("vault_devices"."bundle_key" is null or "vault_devices"."bundle_key" ~ '^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$'),
	CONSTRAINT "vault_devices_revoked_check" CHECK (("vault_devices"."revoked_at" is null) = ("vault_devices"."revoked_reason" is null) and ("vault_devices"."revoked_at" is null or "vault_devices"."bundle_key" is null))
);
--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD COLUMN "device_name" text;--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD COLUMN "device_revoked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vault_devices" ADD CONSTRAINT "vault_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_devices" ADD CONSTRAINT "vault_devices_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_devices_user_id_idx" ON "vault_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vault_devices_granted_at_idx" ON "vault_devices" USING btree ("granted_at");--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD CONSTRAINT "vault_reveals_source_check" CHECK ("vault_reveals"."source" in ('online', 'offline'));