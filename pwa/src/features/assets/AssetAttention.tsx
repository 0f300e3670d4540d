import { FIELD_NAMES, ASSETS_TEXT as T, type AssetFormField } from './texts';
import { discard, getOfflineDb, nudgeSync } from '../../offline';
import { isAssetUpdate, resolveAssetConflict, type AssetWriteItem } from './offline';

const fieldName = (f: string) => FIELD_NAMES[f as AssetFormField] ?? f;

/** Writes of this asset that need a choice: an edit's conflict (keep mine / keep theirs) or a refused edit or create (discard). */
export function AssetAttention({ items }: { items: AssetWriteItem[] }) {
  if (items.length === 0) return null;
  const choose = async (seq: number, choice: 'mine' | 'server') => {
    await resolveAssetConflict(getOfflineDb(), seq, choice);
    nudgeSync();
  };
  return (
    <div className="asset-attention" role="alert">
      {items.map((item) =>
        isAssetUpdate(item) && item.state === 'conflict' && item.conflict ? (
          <div key={item.seq} className="card">
            <p>{T.conflict(item.conflict.fields.map(fieldName).join(', '))}</p>
            <ul>
              {item.conflict.fields.map((f) => (
                <li key={f}>
                  {fieldName(f)}: {String((item.payload.body as Record<string, unknown>)[f] ?? '—')} / {String((item.conflict!.current as unknown as Record<string, unknown>)[f] ?? '—')}
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn-primary btn-small" onClick={() => void choose(item.seq, 'mine')}>
              {T.keepMine}
            </button>{' '}
            <button type="button" className="btn btn-outline btn-small" onClick={() => void choose(item.seq, 'server')}>
              {T.keepTheirs}
            </button>
          </div>
        ) : (
          <div key={item.seq} className="card">
            <p>{item.error?.message ?? 'The change was refused.'}</p>
            <button type="button" className="btn btn-outline btn-small" onClick={() => void discard(getOfflineDb(), item.seq)}>
              {T.discard}
            </button>
          </div>
        ),
      )}
    </div>
  );
}
