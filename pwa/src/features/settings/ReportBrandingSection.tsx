import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportBranding, ReportBrandingBody } from '@portal/shared';
import { apiRequest } from '../../lib/api';
import { failureText } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';
import { REPORT_BRANDING_KEY } from './api/keys';

/** The file's bytes as base64 (no data: prefix). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * "Service report" (admins; issue 54 item 3): the business name and logo printed at the top of every
 * service report (GET/PUT /api/settings/report-branding). A new logo is sent as base64 and kept by the
 * server as a small JPEG; "Remove logo" clears it. Reports already signed keep their rendering.
 */
export function ReportBrandingSection() {
  const toast = useToast();
  const qc = useQueryClient();
  const writeBlock = useWriteBlock();
  const branding = useQuery<ReportBranding>({ queryKey: REPORT_BRANDING_KEY });
  const [name, setName] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const save = useMutation({
    mutationFn: (body: ReportBrandingBody) => apiRequest<ReportBranding>('PUT', REPORT_BRANDING_KEY[0], body),
    onSuccess: (saved) => {
      qc.setQueryData(REPORT_BRANDING_KEY, saved);
      setName(null);
      setLogo(null);
      toast.show({ title: 'Settings Updated', description: 'New service reports use this name and logo.' });
    },
    onError: (e) => toast.show({ title: 'Error', description: failureText(e, 'Failed to update settings. Please try again.'), variant: 'destructive' }),
  });
  const current = name ?? branding.data?.businessName ?? '';
  const submit = async (removeLogo = false) => save.mutate({ businessName: current.trim() || null, ...(removeLogo ? { logoBase64: null } : logo ? { logoBase64: await base64Of(logo) } : {}) });
  return (
    <section className="card settings-card" aria-labelledby="branding-heading">
      <h2 id="branding-heading">Service report</h2>
      <p className="muted settings-lead">The business name and logo at the top of every service report.</p>
      <form className="form" noValidate aria-label="Service report branding" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <label className="form-label" htmlFor="reportBusinessName">
          Business name
        </label>
        <input id="reportBusinessName" className="input" maxLength={200} value={current} disabled={branding.isPending} onChange={(e) => setName(e.target.value)} />
        <label className="form-label" htmlFor="reportLogo">
          Logo (PNG, JPEG or WebP)
        </label>
        {branding.data?.logo && !logo && <img className="settings-logo" src={`${REPORT_BRANDING_KEY[0]}/logo.jpg?v=${save.submittedAt}`} alt="Current logo" />}
        <input id="reportLogo" className="input" type="file" accept="image/png,image/jpeg,image/webp" onChange={(e) => setLogo(e.target.files?.[0] ?? null)} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" {...writeProps(writeBlock, save.isPending || branding.isPending)}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
          {branding.data?.logo && (
            <button type="button" className="btn btn-outline" {...writeProps(writeBlock, save.isPending)} onClick={() => void submit(true)}>
              Remove logo
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
