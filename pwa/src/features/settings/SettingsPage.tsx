import { DeliveriesSection } from './DeliveriesSection';
import { RecipientsSection } from './RecipientsSection';
import { SupportNumberSection } from './SupportNumberSection';
import { SlaPolicySection } from './SlaPolicySection';
import { InboundMailSection } from './InboundMailSection';
import { TwoFactorSection } from './TwoFactorSection';
import './settings.css';

/**
 * /admin/settings 'SMS and Notification Settings' (SPEC.md 2 "Settings"; admin only, guarded in
 * app/AppRoutes): notification e-mail recipients, the support SMS number with 'Test SMS', and the
 * recent deliveries. Loaded on demand.
 */
export default function SettingsPage() {
  return (
    <div className="page settings-page">
      <h1>SMS and Notification Settings</h1>
      <div className="two-col">
        <RecipientsSection />
        <SupportNumberSection />
      </div>
      <SlaPolicySection />
      <InboundMailSection />
      <DeliveriesSection />
      <TwoFactorSection />
    </div>
  );
}
