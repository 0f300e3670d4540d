import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Asset, AssetCreateInput } from '@portal/shared';
import { apiRequest, isApiError } from '../../lib/api';
import { failureText } from '../../lib/connection';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { getConnectivity, getOfflineDb, nudgeSync } from '../../offline';
import { changedFields, createBody, fieldErrors, type AssetFormValues } from './formModel';
import { enqueueAssetCreate, enqueueAssetUpdate } from './offline';
import { ASSETS_TEXT as T } from './texts';

/**
 * Saving the asset form: an edit is always an outbox item (`asset.update`); a create is POST
 * /api/assets online (its refusals shown on the fields at once) and an `asset.create` outbox item
 * offline or when the POST got no answer (id chosen here, the draft shown at once as 'Waiting to
 * sync', sent once when the API answers).
 * @returns `save(values)`, the field errors and whether a POST is running.
 */
export function useAssetSave(asset: Asset | null) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const save = async (values: AssetFormValues) => {
    const body = asset ? (changedFields(asset, values) as Record<string, unknown>) : createBody(values);
    const problems = fieldErrors(body, !asset);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !user) return;
    const queue = async () => {
      const db = getOfflineDb();
      let id = asset?.id;
      if (asset && Object.keys(body).length > 0) await enqueueAssetUpdate(db, asset, body as Partial<Asset>, user);
      if (!asset) id = await enqueueAssetCreate(db, body as unknown as AssetCreateInput, user);
      nudgeSync();
      if (getConnectivity() === 'offline') toast.show({ title: 'Update Queued', description: asset ? T.queued : T.createQueued });
      navigate(`/assets?asset=${id}`);
    };
    if (asset || getConnectivity() === 'offline') return queue();
    setBusy(true);
    try {
      const created = await apiRequest<Asset>('POST', '/api/assets', body);
      toast.show({ title: 'Success', description: T.created });
      navigate(`/assets?asset=${created.id}`);
    } catch (e) {
      if (!isApiError(e)) return await queue(); // no answer: the outbox sends it (once) when the API answers
      const fe = e.fieldErrors;
      if (fe) setErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, v[0] ?? ''])));
      toast.show({ title: 'Error', description: failureText(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return { save, errors, busy };
}
