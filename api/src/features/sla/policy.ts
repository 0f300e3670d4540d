/**
 * The stored SLA policy (docs/sla.md): one JSON value in the `settings`
 * table under SLA_POLICY_KEY, validated with the shared `slaPolicySchema`. Until an admin saves one,
 * DEFAULT_SLA_POLICY applies. A saved policy applies to tickets created (or resumed from a pause)
 * afterwards; stored due times are not recomputed. The group commit of new tickets reads it through
 * a per-process cache (policyCache.ts) that every save invalidates.
 */
import { DEFAULT_SLA_POLICY, SLA_POLICY_KEY, slaPolicySchema, type SlaPolicy } from '@portal/shared';
import type { Database } from '../../db/client';
import { findSetting, upsertSetting } from '../../db/settings';
import { announceSettingChange } from '../../db/session-events';

let generation = 0;

/** Forgets every cached policy (policyCache.ts): called in the transaction that saves one and after its COMMIT. */
export function slaPolicyChanged(): void {
  generation += 1;
}

/** How many times the policy changed in this process (policyCache.ts stores a read only when this did not move meanwhile). */
export const slaPolicyGeneration = (): number => generation;

/** The policy in force: the stored one, or the default when none is stored or it no longer parses. */
export async function readSlaPolicy(db: Database): Promise<SlaPolicy> {
  const row = await findSetting(db, SLA_POLICY_KEY);
  if (!row?.value) return DEFAULT_SLA_POLICY;
  try {
    const parsed = slaPolicySchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_SLA_POLICY;
  } catch {
    return DEFAULT_SLA_POLICY;
  }
}

/**
 * Stores `policy` (already validated) and returns it; in `tx`, the only writer of the row. Every
 * process's cache forgets the old one (policyCache.ts): this one now, the others by notification
 * after COMMIT.
 */
export async function saveSlaPolicy(tx: Database, policy: SlaPolicy, now: Date): Promise<SlaPolicy> {
  slaPolicyChanged();
  await announceSettingChange(tx, SLA_POLICY_KEY);
  await upsertSetting(tx, { key: SLA_POLICY_KEY, value: JSON.stringify(policy), description: 'SLA targets, business hours and holidays' }, now);
  return policy;
}
