/**
 * Who may activate an offline vault device grant (README "Customer Vault offline": a grant is an
 * export of every secret, so by default it is not self-service). One pure policy function, so the
 * routes decide nothing themselves and a new kind of proof plugs in here:
 *
 * - VAULT_DEVICE_APPROVAL=none: every grant is active at once ('not_required').
 * - An admin's own grant is active at once ('self_admin': an admin could approve it anyway).
 * - A session whose second factor was verified in the last {@link STEP_UP_FRESH_MS} is active at once
 *   ('step_up'). `stepUpAt` is the session's last second-factor time; the route passes null while
 *   staff have no second factor.
 * - Otherwise the grant is 'pending' until an administrator approves it (POST
 *   /api/vault-devices/:id/approve); its feed sends nothing meanwhile.
 */
import type { Role } from '@portal/shared';

/** How recent a second-factor check must be to activate a grant without an administrator. */
export const STEP_UP_FRESH_MS = 15 * 60_000;

/** What the policy looks at. */
export interface GrantApprovalInput {
  /** VAULT_DEVICE_APPROVAL. */
  policy: 'admin' | 'none';
  role: Role;
  /** When this session last verified a second factor; null when never (or no 2FA). */
  stepUpAt: Date | null;
  now: Date;
}

/** How a grant was approved (stored in vault_devices.approval_method), or 'pending'. */
export type GrantApproval = 'not_required' | 'self_admin' | 'step_up' | 'pending';

/** The approval a new grant gets (see the module doc). Pure. */
export function grantApproval(input: GrantApprovalInput): GrantApproval {
  if (input.policy === 'none') return 'not_required';
  if (input.role === 'admin') return 'self_admin';
  if (input.stepUpAt) {
    const age = input.now.getTime() - input.stepUpAt.getTime();
    if (age >= 0 && age <= STEP_UP_FRESH_MS) return 'step_up';
  }
  return 'pending';
}
