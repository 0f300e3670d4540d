import type { NotificationChannel, NotificationStatus } from '@portal/shared';

/** Delivery-log labels (DESIGN.md 6 channels and job statuses). */
export const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'SMS', push: 'Push' };
export const DELIVERY_STATUS_LABELS: Record<NotificationStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** Ionic badge colour of a job status: sent green, failed red, waiting amber, in flight blue. */
export function deliveryStatusColor(status: NotificationStatus): 'success' | 'danger' | 'warning' | 'primary' {
  return status === 'sent' ? 'success' : status === 'failed' ? 'danger' : status === 'pending' ? 'warning' : 'primary';
}
