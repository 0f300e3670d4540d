/**
 * The notification engine's one entry (DESIGN.md 6, api/README.md "To add an alert"): the only notify
 * module a feature may import (eslint.config.js). notify/ names no feature: each feature declares its
 * job kinds and templates in `features/<name>/notifications.ts`, and `api/src/notification-kinds.ts`
 * lists them for createNotifier.
 *
 * - Kinds: {@link defineJobKind} (name, channel, summary, render, optional ticketId and sent hook).
 * - Writing jobs in the caller's transaction: {@link enqueue}, {@link prepareJob} + {@link enqueueJobs};
 *   `dueAt` for timed work, `dedupeKey` for at most one job per key.
 * - Recipient readers: {@link getNotificationEmails}, {@link getSupportSmsNumber},
 *   {@link staffSubscriptions}, {@link userSubscriptions}, {@link staffAlertRecipients} (all three in one statement).
 * - Templates: the shared layout ({@link emailContent}, {@link escapeHtml}, {@link portalLink}, {@link shorten}, blocks).
 * - The delivery log (admin): {@link listDeliveries}, {@link toDelivery}, {@link requeueFailedJob}, {@link jobExists}.
 * - Push endpoint rules for the subscribe route: {@link checkPushEndpoint}.
 */
export {
  defineJobKind,
  type AnyJobKind,
  type ChannelContent,
  type ChannelRecipient,
  type EmailContent,
  type JobKind,
  type JobKindSpec,
  type PayloadOf,
  type PushSubscriber,
  type RenderContext,
  type SentContext,
  type SmsContent,
} from './kinds';
export { enqueue, enqueueJobs, enqueueJobsPart, prepareJob, type JobInput, type PreparedJob } from './enqueue';
export {
  getNotificationEmails,
  getSupportSmsNumber,
  parseNotificationEmails,
  staffAlertRecipients,
  staffSubscriptions,
  userSubscriptions,
} from './recipients';
export { emailContent, escapeHtml, portalLink, renderHtml, renderText, shorten, type Block, type EmailLayout } from './templates/layout';
export { jobExists, listDeliveries, requeueFailedJob, takenDedupeKeys, toDelivery } from './jobs';
export { checkPushEndpoint } from './providers/push';
export { PermanentError, RenderFaultError, type Brand, type EmailAttachment } from './types';
export { deliveryFaultAlert, type DeliveryFaultPayload } from './faultAlert';
export { renderMessage } from './deliver';
export { createNotifier, createProviders, type Notifier, type NotifyOverrides } from './notifier';
