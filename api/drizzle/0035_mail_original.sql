-- Clean threads from e-mail (issue 57 item 4): a customer's e-mail reply keeps only its new text in
-- `comment`; the message as received (quoted history, signature) is kept unchanged here, shown behind
-- "Show quoted text". Null for every other entry and for replies that had nothing to trim.
ALTER TABLE "ticket_updates" ADD COLUMN "mail_original" text;
