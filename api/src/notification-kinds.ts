/**
 * Every feature's notification job kinds (DESIGN.md 6, api/README.md "To add an alert"): the one
 * list createApp passes to createNotifier, so the dispatcher can render and send each kind. A
 * feature with alerts adds its `features/<name>/notifications.ts` list here and edits no notify file.
 */
import type { AnyJobKind } from './notify';
import { settingsKinds } from './features/settings/notifications';
import { surveyKinds } from './features/surveys/notifications';
import { ticketKinds } from './features/tickets/notifications';
import { slaKinds } from './features/sla/notifications';
import { twoFactorKinds } from './features/twofa/notifications';
import { userKinds } from './features/users/notifications';
import { vaultOfflineKinds } from './features/vault-offline/notifications';
import { ticketStatusKinds } from './features/ticket-status/notifications';
import { assetKinds } from './features/assets/notifications';
import { visitKinds } from './features/visits/notifications';
import { inboxKinds } from './features/inbox/notifications';

export const notificationKinds: readonly AnyJobKind[] = [...ticketKinds, ...surveyKinds, ...settingsKinds, ...slaKinds, ...twoFactorKinds, ...userKinds, ...vaultOfflineKinds, ...ticketStatusKinds, ...assetKinds, ...visitKinds, ...inboxKinds];
