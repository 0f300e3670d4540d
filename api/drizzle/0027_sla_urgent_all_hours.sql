-- Per-severity SLA calendars (issue 56 item 11): a severity's clock runs on business hours or 24x7
-- (targets.<severity>.allHours in the sla_policy setting). New installs start with urgent 24x7
-- (DEFAULT_SLA_POLICY). An install that already has tickets and never saved a policy ran urgent on
-- business hours: it keeps that, stored here as its policy, so no clock changes under it on upgrade.
INSERT INTO "settings" ("key", "value", "description")
SELECT 'sla_policy',
	'{"timeZone":"UTC","businessHours":{"days":[1,2,3,4,5],"start":"10:00","end":"18:00"},"holidays":[],"targets":{"urgent":{"firstResponseMinutes":60,"resolutionMinutes":240,"allHours":false},"high":{"firstResponseMinutes":240,"resolutionMinutes":480,"allHours":false},"medium":{"firstResponseMinutes":480,"resolutionMinutes":1440,"allHours":false},"low":{"firstResponseMinutes":960,"resolutionMinutes":2400,"allHours":false}}}',
	'SLA targets, business hours and holidays'
WHERE EXISTS (SELECT 1 FROM "ticket_facts")
ON CONFLICT ("key") DO NOTHING;
