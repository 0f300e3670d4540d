import { VAULT_TEXT_FIELDS, type VaultTextField } from '@portal/shared';
import { useDraft, type DraftControl } from '../../lib/drafts/useDraft';
import type { DraftValues } from '../../lib/drafts/store';
import type { EndpointRow, VaultFormValues } from './formModel';

/** The form fields a draft may keep: never a password or an account number (docs/offline.md "Drafts"). */
const DRAFT_FIELDS = ['businessName', ...VAULT_TEXT_FIELDS] as const satisfies readonly ('businessName' | VaultTextField)[];
type DraftField = (typeof DRAFT_FIELDS)[number];
/** An endpoint row as a draft keeps it: no password. */
type DraftEndpoint = { id: string | null; name: string; url: string; username: string };

const endpointsOf = (rows: readonly EndpointRow[]): DraftEndpoint[] => rows.map((e) => ({ id: e.id ?? null, name: e.name, url: e.url, username: e.username }));

/**
 * The Add Customer / Edit form's draft (lib/drafts; key `vault:new` or `vault:<entry id>`, per
 * signed-in user): the non-secret fields that differ from what the form started with (`start`)
 * and, when changed, the endpoint rows without their passwords. Secrets are never read here, so
 * never stored. `apply` puts restored values back (endpoint rows keep the stored-password flags of
 * their id).
 */
export function useVaultDraft(input: {
  key: string;
  owner: string | null;
  values: VaultFormValues;
  start: VaultFormValues;
  apply(fields: Partial<Record<DraftField, string>>, endpoints: EndpointRow[] | null): void;
}): DraftControl {
  const { key, owner, values, start, apply } = input;
  const kept: DraftValues = {};
  for (const f of DRAFT_FIELDS) if ((values[f] ?? '') !== (start[f] ?? '')) kept[f] = values[f] ?? '';
  const endpoints = endpointsOf(values.endpoints ?? []);
  if (JSON.stringify(endpoints) !== JSON.stringify(endpointsOf(start.endpoints))) kept.endpoints = endpoints;
  return useDraft({
    key,
    owner,
    values: kept,
    empty: Object.keys(kept).length === 0,
    onRestore: (draft) => {
      const fields: Partial<Record<DraftField, string>> = {};
      for (const f of DRAFT_FIELDS) if (typeof draft[f] === 'string') fields[f] = draft[f];
      const rows = Array.isArray(draft.endpoints)
        ? (draft.endpoints as DraftEndpoint[]).map((e): EndpointRow => {
            const stored = e.id ? start.endpoints.find((s) => s.id === e.id) : undefined;
            return { ...(e.id ? { id: e.id } : {}), name: e.name, url: e.url, username: e.username, password: '', hasPassword: stored?.hasPassword ?? false, clearPassword: false };
          })
        : null;
      apply(fields, rows);
    },
  });
}
