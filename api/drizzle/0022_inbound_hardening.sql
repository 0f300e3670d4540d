ALTER TABLE "inbound_messages" ADD COLUMN "thread_rule" text;
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "content_hash" text;
--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "flag" text;
--> statement-breakpoint
CREATE INDEX "inbound_messages_sender_idx" ON "inbound_messages" USING btree ("sender","created_at");
