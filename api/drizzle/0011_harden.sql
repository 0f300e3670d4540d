CREATE TABLE "vault_device_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"entry_ids" jsonb NOT NULL,
	"secret_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vault_reveals" DROP CONSTRAINT "vault_reveals_source_check";--> statement-breakpoint
ALTER TABLE "vault_devices" DROP CONSTRAINT "vault_devices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vault_devices" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vault_devices" ADD COLUMN "username" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "vault_devices" SET "username" = "users"."username" FROM "users" WHERE "users"."id" = "vault_devices"."user_id";--> statement-breakpoint
ALTER TABLE "vault_devices" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vault_devices" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "vault_devices" ADD COLUMN "approval_method" text;--> statement-breakpoint
UPDATE "vault_devices" SET "approved_at" = "granted_at", "approval_method" = 'legacy';--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD COLUMN "field_count" integer;--> statement-breakpoint
CREATE INDEX "vault_device_deliveries_device_idx" ON "vault_device_deliveries" USING btree ("device_id","created_at");--> statement-breakpoint
ALTER TABLE "vault_devices" ADD CONSTRAINT "vault_devices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_devices" ADD CONSTRAINT "vault_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_reveals" ADD CONSTRAINT "vault_reveals_source_check" CHECK ("vault_reveals"."source" in ('online', 'offline', 'device'));