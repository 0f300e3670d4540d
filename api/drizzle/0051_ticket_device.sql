-- The public form's "Which device?" (issue 53, docs/assets.md "Which device?"): the customer's free
-- text, kept on the ticket for staff; when the ticket is matched to a client, the one asset of that
-- client whose tag or name equals it (ignoring case) is linked. Null: not asked or left empty.
ALTER TABLE "support_tickets" ADD COLUMN "device" text;
