import { IonIcon } from '@ionic/react';
import { notificationsOffOutline, notificationsOutline } from 'ionicons/icons';
import { STAFF_ROLES } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { useDisablePush } from './api/useDisablePush';
import { useEnablePush } from './api/useEnablePush';
import { usePushState } from './api/usePushState';
import { useResyncPush } from './api/useResyncPush';
import { PUSH_TEXT, availabilityHint, enableErrorText } from './messages';
import './push.css';

/**
 * Web push on this device, for staff (technician, admin). Renders nothing for visitors and
 * plain users. States: 'Enable notifications' (button), 'Enabling...', 'Notifications on' with
 * 'Turn off', and the clear dead ends 'Notifications blocked' (permission denied) and
 * 'Notifications unavailable' (no Push API, insecure origin or no service worker) with a hint.
 * `layout`: 'menu' (phone side menu, full width with hint) or 'bar' (desktop header row, compact;
 * the hint becomes the tooltip). `slot` places it in an Ionic toolbar.
 */
export function PushControl({ layout = 'menu', slot }: { layout?: 'menu' | 'bar'; slot?: string }) {
  const { user } = useAuth();
  const isStaff = Boolean(user && STAFF_ROLES.includes(user.role));
  return isStaff && user ? <StaffPushControl layout={layout} slot={slot} userId={user.id} /> : null;
}

function StaffPushControl({ layout, slot, userId }: { layout: 'menu' | 'bar'; slot?: string; userId: string }) {
  const toast = useToast();
  const state = usePushState();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const availability = state.data?.availability;
  const endpoint = state.data?.endpoint ?? null;
  useResyncPush(userId, enable.isSuccess ? null : endpoint); // just posted by enable: no second POST

  const onEnable = () =>
    enable.mutate(undefined, {
      onSuccess: () => toast.show({ title: PUSH_TEXT.enabledTitle, description: PUSH_TEXT.enabledBody }),
      onError: (error) =>
        toast.show({ title: PUSH_TEXT.failedTitle, description: enableErrorText(error), variant: 'destructive' }),
    });
  const onDisable = () =>
    disable.mutate(undefined, {
      onSuccess: () => toast.show({ title: PUSH_TEXT.disabledTitle, description: PUSH_TEXT.disabledBody }),
    });

  if (!availability) return null;
  const deadEnd = endpoint ? null : availabilityHint(availability);
  const hint = deadEnd ?? (endpoint ? null : PUSH_TEXT.enableHint);
  const title = availability === 'denied' ? PUSH_TEXT.blocked : PUSH_TEXT.unavailable;

  return (
    <div
      slot={slot}
      className={`push-control push-control-${layout}`}
      role="group"
      aria-label="Notifications on this device"
      title={layout === 'bar' ? (hint ?? undefined) : undefined}
    >
      {endpoint ? (
        <>
          <span className="push-status push-status-on" role="status">
            <IonIcon icon={notificationsOutline} aria-hidden="true" />
            {PUSH_TEXT.on}
          </span>
          <button type="button" className="btn btn-outline btn-small" disabled={disable.isPending} onClick={onDisable}>
            {PUSH_TEXT.turnOff}
          </button>
        </>
      ) : deadEnd ? (
        <span className="push-status push-status-off" role="status">
          <IonIcon icon={notificationsOffOutline} aria-hidden="true" />
          {title}
        </span>
      ) : (
        <button type="button" className="btn btn-primary btn-small push-enable" disabled={enable.isPending} onClick={onEnable}>
          <IonIcon icon={notificationsOutline} aria-hidden="true" />
          {enable.isPending ? PUSH_TEXT.enabling : PUSH_TEXT.enable}
        </button>
      )}
      {layout === 'menu' && hint && <p className="push-hint">{hint}</p>}
    </div>
  );
}
