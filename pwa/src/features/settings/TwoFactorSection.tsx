import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorPolicy } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { NotLoaded, useScreenConnectionContext, useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';
import { useStepUp } from '../../lib/twoFactor/stepUp';

const POLICY_KEY = ['/api/auth/2fa/policy'] as const;

/** The choices of the policy, in order (README "Two-factor authentication"). */
const CHOICES: { value: TwoFactorPolicy; label: string; hint: string }[] = [
  { value: 'none', label: 'Not required', hint: 'Anyone may turn it on for their own account.' },
  { value: 'admins', label: 'Admins', hint: 'Admins must sign in with a second factor.' },
  { value: 'staff', label: 'Admins and technicians', hint: 'Everyone who can open the vault must sign in with a second factor.' },
];

/**
 * /admin/settings "Two-factor authentication": who must use a second factor (none, admins, admins
 * and technicians). Saving a stricter policy sends the staff it now covers who have no second factor
 * to the set-up page at once; their sessions can do nothing else until they enrol.
 */
export function TwoFactorSection() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const policy = useQuery<{ policy: TwoFactorPolicy }>({ queryKey: POLICY_KEY, networkMode: 'online' });
  const writeBlock = useWriteBlock();
  const offline = useScreenConnectionContext()?.offline ?? false;
  const [choice, setChoice] = useState<TwoFactorPolicy | null>(null);
  useEffect(() => {
    if (policy.data && choice === null) setChoice(policy.data.policy);
  }, [policy.data, choice]);
  // A security-relevant admin action asks "Confirm it's you" when the second factor is not fresh (issue 55).
  const { withStepUp } = useStepUp();
  const save = useMutation({
    mutationFn: (value: TwoFactorPolicy) => withStepUp(() => apiRequest<{ policy: TwoFactorPolicy }>('PUT', '/api/auth/2fa/policy', { policy: value })),
    onSuccess: (data) => {
      queryClient.setQueryData(POLICY_KEY, data);
      toast.show({ title: 'Settings Updated', description: `Two-Factor Authentication: ${CHOICES.find((c) => c.value === data.policy)?.label ?? data.policy}.` });
    },
    onError: () => toast.show({ title: 'Error', description: 'Failed to update settings. Please try again.', variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (choice) save.mutate(choice);
  };

  return (
    <section className="card settings-card" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-Factor Authentication</h2>
      <p className="muted settings-lead">Who must confirm their sign-in with an authenticator app or a passkey.</p>
      {!policy.data && offline && <NotLoaded />}
      {!policy.data && !offline && policy.isError && <p className="form-error">Could not load the setting.</p>}
      <form className="form" noValidate onSubmit={submit} aria-label="Two-Factor Authentication">
        <fieldset className="radio-group" disabled={!policy.data || save.isPending}>
          <legend className="form-label">Required for</legend>
          {CHOICES.map((c) => (
            <label key={c.value} className="radio-option">
              <input type="radio" name="two-factor-policy" value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
              <span>
                {c.label}
                <small className="muted"> {c.hint}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary" {...writeProps(writeBlock, !policy.data || save.isPending || choice === policy.data?.policy)}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </form>
    </section>
  );
}
