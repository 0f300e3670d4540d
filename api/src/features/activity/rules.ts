/**
 * Which admin requests the activity log records, and how it names them (docs/activity.md). A rule
 * matches a method and path; `action` says what was done; `target` names what changed from the
 * request (a setting key, a file name), the answer (a username, a title) or, for deletes, a name read
 * before the change (`before`). Values of settings are never logged, only their keys.
 */
import type { ActivityArea } from '@portal/shared';
import type { Database } from '../../db/client';
import { contentTitleOf, usernameOf } from './repository';

/** What a rule sees: the path's parameter, the request body and, after the change, the answer. */
export interface RuleInput {
  param: string | undefined;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
  before: string | null;
}

export interface ActivityRule {
  method: string;
  /** Matches the path; the first group is the parameter. */
  path: RegExp;
  area: ActivityArea;
  action: string | ((i: RuleInput) => string);
  target(i: RuleInput): string | null;
  /** Reads the name of what the request will change, before it does (deletes). */
  before?(db: Database, param: string): Promise<string | null>;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const ID = '([0-9a-fA-F-]{36})';
const byUsername = (i: RuleInput) => text(i.answer.username) ?? i.before;
const lookupUser = (db: Database, id: string) => usernameOf(db, id);

/** Every logged request (see module doc). */
export const ACTIVITY_RULES: ActivityRule[] = [
  { method: 'POST', path: /^\/api\/users$/, area: 'users', action: 'Created user', target: byUsername },
  {
    method: 'PATCH',
    path: new RegExp(`^/api/users/${ID}$`),
    area: 'users',
    action: (i) => (text(i.body.password) ? 'Updated user and reset the password' : 'Updated user'),
    target: byUsername,
  },
  { method: 'DELETE', path: new RegExp(`^/api/users/${ID}$`), area: 'users', action: 'Deleted user', target: (i) => i.before, before: lookupUser },
  { method: 'POST', path: new RegExp(`^/api/users/${ID}/disable$`), area: 'users', action: 'Disabled user', target: byUsername },
  { method: 'POST', path: new RegExp(`^/api/users/${ID}/enable$`), area: 'users', action: 'Enabled user', target: byUsername },
  { method: 'POST', path: new RegExp(`^/api/users/${ID}/unlock-login$`), area: 'users', action: 'Unlocked sign-in', target: (i) => i.before, before: lookupUser },
  { method: 'POST', path: new RegExp(`^/api/users/${ID}/2fa/reset$`), area: 'users', action: 'Reset two-factor sign-in', target: (i) => i.before, before: lookupUser },
  { method: 'POST', path: /^\/api\/settings\/system$/, area: 'settings', action: 'Changed setting', target: (i) => text(i.body.key) },
  { method: 'POST', path: /^\/api\/settings\/notification-emails$/, area: 'settings', action: 'Added notification recipient', target: (i) => text(i.body.email) },
  { method: 'DELETE', path: /^\/api\/settings\/notification-emails$/, area: 'settings', action: 'Removed notification recipient', target: (i) => text(i.body.email) },
  { method: 'PUT', path: /^\/api\/sla-policy$/, area: 'settings', action: 'Changed the SLA policy', target: () => null },
  { method: 'PUT', path: /^\/api\/auth\/2fa\/policy$/, area: 'settings', action: 'Changed the two-factor policy', target: () => null },
  { method: 'POST', path: /^\/api\/content$/, area: 'content', action: 'Created content', target: (i) => text(i.answer.title) },
  { method: 'PATCH', path: new RegExp(`^/api/content/${ID}$`), area: 'content', action: 'Updated content', target: (i) => text(i.answer.title) },
  { method: 'DELETE', path: new RegExp(`^/api/content/${ID}$`), area: 'content', action: 'Deleted content', target: (i) => i.before, before: contentTitleOf },
  {
    method: 'POST',
    path: /^\/api\/admin\/files\/upload$/,
    area: 'files',
    action: (i) => (i.answer.replaced === true ? 'Replaced file' : 'Uploaded file'),
    target: (i) => text((i.answer.file as Record<string, unknown> | undefined)?.name),
  },
  { method: 'DELETE', path: /^\/api\/admin\/files\/([^/]+)$/, area: 'files', action: 'Deleted file', target: (i) => (i.param ? safeDecode(i.param) : null) },
];

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** The rule of a request and its path parameter, or undefined when it is not logged. */
export function ruleFor(method: string, path: string): { rule: ActivityRule; param: string | undefined } | undefined {
  for (const rule of ACTIVITY_RULES) {
    if (rule.method !== method) continue;
    const m = rule.path.exec(path);
    if (m) return { rule, param: m[1] };
  }
  return undefined;
}
