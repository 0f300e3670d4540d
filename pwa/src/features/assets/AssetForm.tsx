import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ASSET_STATUSES, ASSET_STATUS_NAMES, ASSET_TYPES, ASSET_TYPE_NAMES, type Asset, type Client } from '@portal/shared';
import { FORM_FIELDS, formValues, type AssetFormValues } from './formModel';
import { ASSETS_TEXT as T, FIELD_NAMES, type AssetFormField } from './texts';
import { useAssetSave } from './useAssetSave';

const OPTIONS: Partial<Record<AssetFormField, [string, string][]>> = {
  type: ASSET_TYPES.map((t) => [t, ASSET_TYPE_NAMES[t]]),
  status: ASSET_STATUSES.map((s) => [s, ASSET_STATUS_NAMES[s]]),
};
const INPUT_TYPE: Partial<Record<AssetFormField, string>> = { purchaseDate: 'date', warrantyEnd: 'date' };

/**
 * Create or edit an asset (useAssetSave): an edit goes through the outbox (offline too), a create is
 * POST /api/assets online and an `asset.create` outbox item offline; either is shown at once.
 * A create picks the client; create and edit pick one of its sites and contacts (this device's client
 * cards; an edit's site and contact are merged like its other fields).
 */
export function AssetForm({ asset, clients }: { asset: Asset | null; clients: Client[] }) {
  const [values, setValues] = useState<AssetFormValues>(() => formValues(asset));
  const { save, errors, busy } = useAssetSave(asset);
  const navigate = useNavigate();
  const set = (k: keyof AssetFormValues, v: string) => setValues(k === 'clientId' ? { ...values, clientId: v, siteId: '', contactId: '' } : { ...values, [k]: v });
  const card = clients.find((c) => c.id === values.clientId);
  const field = (k: keyof AssetFormValues, label: string, options?: [string, string][], type = 'text') => (
    <div className="form-field" key={k}>
      <label className="form-label" htmlFor={`asset-${k}`}>
        {label}
      </label>
      {options ? (
        <select id={`asset-${k}`} className="input" value={values[k]} onChange={(e) => set(k, e.target.value)}>
          {(k === 'clientId' || k === 'siteId' || k === 'contactId') && <option value="">—</option>}
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
    <form className="asset-form card" onSubmit={(e) => { e.preventDefault(); void save(values); }} noValidate>
      <h1>{asset ? `${T.edit} ${asset.assetTag || asset.name}` : T.newAsset}</h1>
      {!asset && field('clientId', 'Client', clients.map((c) => [c.id, c.name]))}
      {card && card.sites.length > 0 && field('siteId', 'Site', card.sites.map((x) => [x.id, x.name]))}
      {card && card.contacts.length > 0 && field('contactId', 'Contact', card.contacts.map((x) => [x.id, x.name]))}
      {FORM_FIELDS.map((f) => field(f, FIELD_NAMES[f], OPTIONS[f], INPUT_TYPE[f]))}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? T.saving : T.save}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => navigate(asset ? `/assets?asset=${asset.id}` : '/assets')}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
