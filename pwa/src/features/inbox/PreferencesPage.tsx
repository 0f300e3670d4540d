import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertPreferences } from '@portal/shared';
import { apiGet, apiRequest } from '../../lib/api';
import { failureText, useBrowserOnline } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { Loading } from '../../lib/ui/Loading';
import { ChannelTable, QuietHoursFields } from './PreferenceFields';
import { PREFS_TEXT as T } from './prefsTexts';
import './inbox.css';

const PREFS_KEY = ['notification-preferences'] as const;
const PREFS_URL = '/api/me/notification-preferences';

/**
 * /account/notifications "Notification preferences" (staff; issue 57 point 5, docs/notifications.md
 * "Your alerts"): per channel (e-mail, SMS, push) which alerts reach the person, and quiet hours.
 * Saving needs the network (disabled offline with the reason); the whole record is PUT.
 */
export default function PreferencesPage() {
  const query = useQuery({ queryKey: PREFS_KEY, queryFn: () => apiGet<AlertPreferences>(PREFS_URL) });
  const client = useQueryClient();
  const toast = useToast();
  const online = useBrowserOnline();
  const [draft, setDraft] = useState<AlertPreferences | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      client.setQueryData(PREFS_KEY, await apiRequest<AlertPreferences>('PUT', PREFS_URL, draft));
      toast.show({ title: T.saved });
    } catch (e) {
      toast.show({ title: T.failed, description: failureText(e), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page inbox-page prefs-page">
      <h1>{T.heading}</h1>
      <p className="muted">{T.lead}</p>
      {query.isError && !draft && (
        <p className="form-error" role="alert">
          {T.loadFailed}
        </p>
      )}
      {!draft && !query.isError && <Loading />}
      {draft && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <ChannelTable value={draft} onChange={setDraft} />
          <QuietHoursFields value={draft} onChange={setDraft} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={saving || !online} title={online ? undefined : T.offline}>
              {saving ? T.saving : T.save}
            </button>
            {!online && <span className="muted">{T.offline}</span>}
          </div>
        </form>
      )}
    </div>
  );
}
