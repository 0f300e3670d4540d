import { isApiError } from '../../lib/api';
import { PushSetupError, type PushAvailability } from '../../lib/push';

/**
 * Texts of the notification control (SPEC.md has none for web push, so these are this
 * feature's decisions, listed here once for the component and the tests).
 */
export const PUSH_TEXT = {
  enable: 'Enable notifications',
  enabling: 'Enabling...',
  on: 'Notifications on',
  turnOff: 'Turn off',
  blocked: 'Notifications blocked',
  unavailable: 'Notifications unavailable',
  enableHint: 'Get an alert on this device for new and assigned tickets.',
  blockedHint: "Notifications are blocked for this site. Allow them in the browser's site settings, then reload.",
  unsupportedHint: 'This browser cannot receive push notifications.',
  noWorkerHint: 'The offline app is not installed in this browser yet. Reload the page and try again.',
  enabledTitle: 'Notifications On',
  enabledBody: 'This device will be alerted about new and assigned tickets.',
  disabledTitle: 'Notifications Off',
  disabledBody: 'This device will no longer get ticket alerts.',
  failedTitle: 'Notifications Not Enabled',
  dismissed: 'Notifications were not allowed. Choose Allow when the browser asks.',
  pushServiceFailed: "The browser could not reach its push service. Check the connection and try again.",
  saveFailed: 'Could not register this device for notifications. Please try again.',
} as const;

/** The hint under the control for a device that cannot (yet) be subscribed; null when it can. */
export function availabilityHint(availability: PushAvailability): string | null {
  if (availability === 'unsupported') return PUSH_TEXT.unsupportedHint;
  if (availability === 'no-service-worker') return PUSH_TEXT.noWorkerHint;
  if (availability === 'denied') return PUSH_TEXT.blockedHint;
  return null;
}

/** The toast description for a failed "Enable notifications". */
export function enableErrorText(error: unknown): string {
  if (error instanceof PushSetupError) {
    if (error.reason === 'denied') return PUSH_TEXT.blockedHint;
    if (error.reason === 'dismissed') return PUSH_TEXT.dismissed;
    if (error.reason === 'unsupported') return PUSH_TEXT.unsupportedHint;
    if (error.reason === 'no-service-worker') return PUSH_TEXT.noWorkerHint;
    return PUSH_TEXT.pushServiceFailed;
  }
  if (isApiError(error) && error.serverMessage && error.status < 500) return error.serverMessage;
  return PUSH_TEXT.saveFailed;
}
