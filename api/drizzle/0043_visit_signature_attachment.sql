-- The ticket attachment holding a visit's signature image (issue 54, docs/visits.md): the service report embeds it.
ALTER TABLE "visits" ADD COLUMN "signature_attachment_id" uuid;
