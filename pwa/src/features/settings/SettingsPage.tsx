import { DeliveriesSection } from './DeliveriesSection';
import { RecipientsSection } from './RecipientsSection';
import { SupportNumberSection } from './SupportNumberSection';
import { SlaPolicySection } from './SlaPolicySection';
import { InboundMailSection } from './InboundMailSection';
import { TwoFactorSection } from './TwoFactorSection';
import { BackupSection } from './BackupSection';
import { ReportBrandingSection } from './ReportBrandingSection';
import { ConnectionNotice, ConnectionProvider, useScreenConnection } from '../../lib/ui/ServerConnection';
import { SyncStatus, requestSync, useConnectivity } from '../../offline';
import { isSettingsQuery } from './api/keys';
import './settings.css';

/**
 * /admin/settings 'SMS and Notification Settings' (SPEC.md 2 "Settings"; admin only, guarded in
 * app/AppRoutes): notification e-mail recipients, the support SMS number with 'Test SMS', and the
 * recent deliveries. Loaded on demand. Without a server: the shared bar and notice, the sections'
 * last loaded values (a section never loaded says 'Not loaded yet: ...', like every other such
 * section, and the notice's 'as of' counts only these sections' data), and every Save / Add /
 * Remove / Test disabled with the reason (lib/ui/ServerConnection).
 */
export default function SettingsPage() {
  const connection = useScreenConnection({ connectivity: useConnectivity(), onNoConnection: requestSync, match: isSettingsQuery });
  return (
    <ConnectionProvider connection={connection}>
    <div className="page settings-page">
      <h1>SMS and Notification Settings</h1>
      <SyncStatus compact />
      <ConnectionNotice connection={connection} />
      <div className="two-col">
        <RecipientsSection />
        <SupportNumberSection />
      </div>
      <SlaPolicySection />
      <ReportBrandingSection />
      <InboundMailSection />
      <DeliveriesSection />
      <TwoFactorSection />
      <BackupSection />
    </div>
    </ConnectionProvider>
  );
}
