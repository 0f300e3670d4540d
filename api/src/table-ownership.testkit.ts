/**
 * Which feature owns each table, and a scanner of the tables a source file names in its SQL
 * (architecture.test.ts "a feature's SQL names only its own tables"; DESIGN.md: a feature reads
 * another feature's data through that feature's port, not its tables).
 *
 * A file "names" a table when a string or template literal of it says `from|join|into|update|table
 * <name>`, or when it imports the table's Drizzle object from db/schema. Views (migration 0026) are
 * their owner's face for readers: any feature may read them.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The owner of every table: a feature folder of api/src/features, or a layer that is no feature. */
export const TABLE_OWNERS: Record<string, string> = {
  users: 'users',
  user_settings: 'users',
  sessions: 'auth',
  support_tickets: 'tickets',
  ticket_updates: 'tickets',
  ticket_counts: 'tickets',
  ticket_day_stats: 'tickets',
  ticket_search: 'tickets',
  ticket_search_stale: 'tickets',
  ticket_search_jobs: 'tickets',
  ticket_search_version: 'tickets',
  ticket_sequence: 'tickets',
  ticket_status_links: 'tickets',
  ticket_attachments: 'attachments',
  satisfaction_surveys: 'surveys',
  survey_invitations: 'surveys',
  time_entries: 'sla',
  sla_alerts: 'sla',
  clients: 'clients',
  client_sites: 'clients',
  client_contacts: 'clients',
  client_tombstones: 'clients',
  assets: 'assets',
  ticket_assets: 'assets',
  asset_tombstones: 'assets',
  asset_warranty_alerts: 'assets',
  asset_changes: 'assets',
  visits: 'visits',
  tags: 'tags',
  notification_preferences: 'inbox',
  inbox_items: 'inbox',
  ticket_tags: 'tags',
  user_totp: 'twofa',
  recovery_codes: 'twofa',
  webauthn_credentials: 'twofa',
  two_factor_challenges: 'twofa',
  two_factor_events: 'twofa',
  inbound_messages: 'inbound',
  inbound_failures: 'inbound',
  customer_vault: 'vault',
  vault_tombstones: 'vault',
  vault_reveals: 'vault',
  vault_devices: 'vault-offline',
  vault_device_deliveries: 'vault-offline',
  reply_items: 'replies',
  activity_log: 'activity',
  content_items: 'content',
  download_digests: 'files',
  push_subscriptions: 'push',
  settings: 'settings',
  ticket_checklist_items: 'checklists',
  checklist_templates: 'checklists',
  recurring_schedules: 'recurring',
  recurring_occurrences: 'recurring',
  notification_jobs: 'notify (layer)',
  rate_limits: 'http (layer)',
  idempotency_keys: 'http (layer)',
};

/** Views any feature may read, each with its owner (migration 0026, db/schema/readViews.ts). */
export const READ_VIEWS: Record<string, string> = {
  ticket_facts: 'tickets',
  ticket_history: 'tickets',
  ticket_day_facts: 'tickets',
  survey_facts: 'surveys',
};

/** Tables every feature may name, each with why. Keep it short. */
export const SHARED_TABLES: Record<string, string> = {
  users: 'who did what: authors, assignees and technicians are joined for their usernames everywhere; the users feature alone writes it',
};

/**
 * Crossings not moved behind a port yet, `feature>table`: why. This list only shrinks (a stale entry
 * fails the test too). Empty since issue 49 item 5: a feature that cannot import an owner's port
 * (a feature cycle) is given the port's function by the composition root (app.ts,
 * event-subscribers.ts, scripts/).
 */
export const CROSSINGS: Record<string, string> = {};

const SQL_NAMING = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Drizzle export name -> SQL name of every pgTable/pgView under `schemaDir`. */
export function schemaObjects(schemaDir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of fs.readdirSync(schemaDir)) {
    const text = fs.readFileSync(path.join(schemaDir, f), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pg(?:Table|View)\(\s*'([a-z0-9_]+)'/g)) out.set(m[1]!, m[2]!);
  }
  return out;
}

/**
 * The tables and views `code` names (module doc), among `known` SQL names; `objects` maps the
 * schema's Drizzle export names to SQL names.
 */
export function namedTables(code: string, known: ReadonlySet<string>, objects: ReadonlyMap<string, string>): Set<string> {
  const found = new Set<string>();
  const source = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /(^|\/)db\/schema(\/\w+)?$/.test(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) {
          const table = objects.get((el.propertyName ?? el.name).text);
          if (table) found.add(table);
        }
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const m of node.text.matchAll(SQL_NAMING)) if (known.has(m[1]!.toLowerCase())) found.add(m[1]!.toLowerCase());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Why `feature` may name `table`, or undefined when it may not. */
export function allowedBecause(feature: string, table: string): string | undefined {
  if (TABLE_OWNERS[table] === feature || READ_VIEWS[table] === feature) return 'its own';
  if (READ_VIEWS[table]) return `a read view of ${READ_VIEWS[table]}`;
  return SHARED_TABLES[table] ?? CROSSINGS[`${feature}>${table}`];
}
