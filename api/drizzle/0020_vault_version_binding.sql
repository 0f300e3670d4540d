-- Vault secrets bound to the entry version (api/src/features/vault/crypto.ts): the new stored form
-- `v2:<keyId>:<version>:<blob>` is allowed beside the old `v1:<keyId>:<blob>` (read only; rewritten by
-- the next write of the entry and by `npm run vault:rotate-key`). Anything else is still refused.
ALTER TABLE "customer_vault" DROP CONSTRAINT "customer_vault_domain_password_encrypted";--> statement-breakpoint
ALTER TABLE "customer_vault" DROP CONSTRAINT "customer_vault_hosting_password_encrypted";--> statement-breakpoint
ALTER TABLE "customer_vault" DROP CONSTRAINT "customer_vault_wifi_password_encrypted";--> statement-breakpoint
ALTER TABLE "customer_vault" DROP CONSTRAINT "customer_vault_router_password_encrypted";--> statement-breakpoint
ALTER TABLE "customer_vault" DROP CONSTRAINT "customer_vault_isp_account_number_encrypted";--> statement-breakpoint
ALTER TABLE "customer_vault" DROP CONSTRAINT "customer_vault_phone_account_number_encrypted";--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_domain_password_encrypted" CHECK ("domain_password" is null or "domain_password" ~ '^(v1:[A-Za-z0-9_-]+|v2:[A-Za-z0-9_-]+:[1-9][0-9]*):[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_hosting_password_encrypted" CHECK ("hosting_password" is null or "hosting_password" ~ '^(v1:[A-Za-z0-9_-]+|v2:[A-Za-z0-9_-]+:[1-9][0-9]*):[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_wifi_password_encrypted" CHECK ("wifi_password" is null or "wifi_password" ~ '^(v1:[A-Za-z0-9_-]+|v2:[A-Za-z0-9_-]+:[1-9][0-9]*):[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_router_password_encrypted" CHECK ("router_password" is null or "router_password" ~ '^(v1:[A-Za-z0-9_-]+|v2:[A-Za-z0-9_-]+:[1-9][0-9]*):[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_isp_account_number_encrypted" CHECK ("isp_account_number" is null or "isp_account_number" ~ '^(v1:[A-Za-z0-9_-]+|v2:[A-Za-z0-9_-]+:[1-9][0-9]*):[A-Za-z0-9_-]+$');--> statement-breakpoint
ALTER TABLE "customer_vault" ADD CONSTRAINT "customer_vault_phone_account_number_encrypted" CHECK ("phone_account_number" is null or "phone_account_number" ~ '^(v1:[A-Za-z0-9_-]+|v2:[A-Za-z0-9_-]+:[1-9][0-9]*):[A-Za-z0-9_-]+$');
