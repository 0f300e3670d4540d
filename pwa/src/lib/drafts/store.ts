/**
 * Drafts of half-typed forms (docs/offline.md "Drafts"): a small dedicated IndexedDB database
 * (`portal-drafts`, Dexie), separate from the offline engine's, so a form survives a reload or a
 * phone killing the browser. One row per form and person (`<owner>|<key>`): `key` (e.g. `ticket:<id>`, `vault:new`,
 * `support:request`), `owner` (the signed-in user's id, or `public` for the customer's form), the
 * form's draft values and when they were saved.
 *
 * What is NEVER stored: secrets. Callers pass only the fields they whitelist (the vault form leaves
 * out every password and account number); {@link saveDraft} has no way to know a field's meaning.
 * Drafts older than {@link DRAFT_MAX_AGE_MS} are not restored and are deleted when read.
 * Errors: every function rejects when IndexedDB is unavailable; callers treat a draft as optional.
 */
import Dexie, { type EntityTable } from 'dexie';
import { DRAFTS_DB, PUBLIC_OWNER } from './owner';

/** A value a draft can hold. */
export type DraftValue = string | boolean | null | DraftValue[] | { [k: string]: DraftValue };
/** The values of one form's draft. */
export type DraftValues = Record<string, DraftValue>;

/** One stored draft. */
export interface DraftRow {
  /** `<owner>|<key>`: one draft per form and person. */
  id: string;
  key: string;
  /** User id of the author, or 'public' (the customer's form). */
  owner: string;
  values: DraftValues;
  /** Epoch ms of the last save. */
  savedAt: number;
}

/** A draft is restored for 30 days after its last change. */
export const DRAFT_MAX_AGE_MS = 30 * 86_400_000;

class DraftsDb extends Dexie {
  drafts!: EntityTable<DraftRow, 'id'>;
  constructor() {
    super(DRAFTS_DB);
    this.version(1).stores({ drafts: 'id, owner' });
  }
}

let db: DraftsDb | null = null;
const open = () => (db ??= new DraftsDb());
const idOf = (key: string, owner: string) => `${owner}|${key}`;

/** The draft `key` of `owner`, or null (none, or too old: then it is deleted). Another person's draft is never returned. */
export async function loadDraft(key: string, owner: string, now = Date.now()): Promise<DraftValues | null> {
  const row = await open().drafts.get(idOf(key, owner));
  if (!row) return null;
  if (now - row.savedAt > DRAFT_MAX_AGE_MS) {
    await open().drafts.delete(row.id);
    return null;
  }
  return row.values;
}

/** Stores (replaces) the draft `key` of `owner`. */
export async function saveDraft(key: string, owner: string, values: DraftValues, now = Date.now()): Promise<void> {
  await open().drafts.put({ id: idOf(key, owner), key, owner, values, savedAt: now });
}

/** Deletes the draft `key` of `owner` (submitted or discarded). */
export async function clearDraft(key: string, owner: string): Promise<void> {
  await open().drafts.delete(idOf(key, owner));
}

/** Deletes every staff draft (sign-out: another person may use the device next); the customer's form draft stays. */
export async function clearStaffDrafts(): Promise<void> {
  await open().drafts.where('owner').notEqual(PUBLIC_OWNER).delete();
}
