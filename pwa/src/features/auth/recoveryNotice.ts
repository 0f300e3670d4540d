import type { ToastOptions } from '../../lib/toast';

/**
 * The toast after a sign-in with a recovery code (issue 56 item 12): how many codes are left and
 * where to make new ones ('Recovery codes' on the Security page). Destructive when none is left.
 */
export function recoveryNotice(left: number): Pick<ToastOptions, 'title' | 'description' | 'variant'> {
  const where = 'Make new ones under Recovery codes on the Security page.';
  if (left === 0) return { title: 'Signed in with your last recovery code', description: `No recovery codes left. ${where}`, variant: 'destructive' };
  return { title: 'Signed in with a recovery code', description: `${left} recovery ${left === 1 ? 'code' : 'codes'} left. Each code works once. ${where}` };
}
