import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ASSET_STATUSES, ASSET_STATUS_NAMES, ASSET_TYPES, ASSET_TYPE_NAMES, type Asset, type Client } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { getConnectivity, getOfflineDb, nudgeSync } from '../../offline';
import { FORM_FIELDS, changedFields, createBody, fieldErrors, formValues, type AssetFormValues } from './formModel';
import { enqueueAssetUpdate } from './offline';
import { ASSETS_TEXT as T, FIELD_NAMES, type AssetFormField } from './texts';

const OPTIONS: Partial<Record<AssetFormField, [string, string][]>> = {
  type: ASSET_TYPES.map((t) => [t, ASSET_TYPE_NAMES[t]]),
  status: ASSET_STATUSES.map((s) => [s, ASSET_STATUS_NAMES[s]]),
};
const INPUT_TYPE: Partial<Record<AssetFormField, string>> = { purchaseDate: 'date', warrantyEnd: 'date' };

/**
 * Create (online: POST /api/assets) or edit an asset. An edit goes through the outbox (offline too):
 * shown at once as 'Waiting to sync', sent with its Idempotency-Key, applied once.
 */
export function AssetForm({ asset, clients, online }: { asset: Asset | null; clients: Client[]; online: boolean }) {
  const [values, setValues] = useState<AssetFormValues>(() => formValues(asset));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const set = (k: keyof AssetFormValues, v: string) => setValues({ ...values, [k]: v });
  const submit = async () => {
    const body = asset ? (changedFields(asset, values) as Record<string, unknown>) : createBody(values);
    const problems = fieldErrors(body, !asset);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !user) return;
    if (asset) {
      if (Object.keys(body).length > 0) await enqueueAssetUpdate(getOfflineDb(), asset, body as Partial<Asset>, user);
      nudgeSync();
      if (getConnectivity() === 'offline') toast.show({ title: 'Update Queued', description: T.queued });
      navigate(`/assets?asset=${asset.id}`);
      return;
    }
    setBusy(true);
    try {
      const created = await apiRequest<Asset>('POST', '/api/assets', body);
      toast.show({ title: 'Success', description: T.created });
      navigate(`/assets?asset=${created.id}`);
    } catch (e) {
      const fe = isApiError(e) ? e.fieldErrors : undefined;
      if (fe) setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, v[0] ?? ''])));
      toast.show({ title: 'Error', description: isApiError(e) ? (e.serverMessage ?? e.message) : T.newNeedsConnection, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof AssetFormValues, label: string, options?: [string, string][], type = 'text') => (
    <div className="form-field" key={k}>
      <label className="form-label" htmlFor={`asset-${k}`}>
        {label}
      </label>
      {options ? (
        <select id={`asset-${k}`} className="input" value={values[k]} onChange={(e) => set(k, e.target.value)}>
          {k === 'clientId' && <option value="">—</option>}
          {options.map(([v, n]) => <option key={v} value={v}>{n}</option>)}
        </select>
      ) : k === 'notes' ? (
        <textarea id={`asset-${k}`} className="input" value={values[k]} onChange={(e) => set(k, e.target.value)} />
      ) : (
        <input id={`asset-${k}`} className="input" type={type} value={values[k]} onChange={(e) => set(k, e.target.value)} />
      )}
      {errors[k] && <p className="field-error" role="alert">{errors[k]}</p>}
    </div>
  );
  return (
    <form className="asset-form card" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
      <h1>{asset ? `${T.edit} ${asset.assetTag}` : T.newAsset}</h1>
      {!asset && field('clientId', 'Client', clients.map((c) => [c.id, c.name]))}
      {FORM_FIELDS.map((f) => field(f, FIELD_NAMES[f], OPTIONS[f], INPUT_TYPE[f]))}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || (!asset && !online)}>
          {busy ? T.saving : T.save}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => navigate(asset ? `/assets?asset=${asset.id}` : '/assets')}>
          {T.cancel}
        </button>
      </div>
      {!asset && !online && <p className="muted">{T.newNeedsConnection}</p>}
    </form>
  );
}
