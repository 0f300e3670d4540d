-- A staff member's own phone (issue 51: the `{{technician.phone}}` reply variable; empty -> the
-- support number). Optional, set in User Management; never shown to customers except through a reply.
ALTER TABLE "users" ADD COLUMN "phone" text;
