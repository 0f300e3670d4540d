import { discard, getOfflineDb, nudgeSync } from '../../offline';
import { resolveClientConflict, type ClientCardView, type ClientWriteItem } from './offline';
import { CLIENTS_TEXT as T } from './texts';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '(empty)' : Array.isArray(v) ? v.join(', ') : String(v));

/** A conflicted item: each field with the value sent and the server's; Keep mine / Use the server's. */
function ConflictItem({ item }: { item: ClientWriteItem }) {
  const c = item.conflict!;
  const sent = item.payload.body as Record<string, unknown>;
  const current = c.current as unknown as Record<string, unknown>;
  const choose = async (choice: 'mine' | 'server') => {
    await resolveClientConflict(getOfflineDb(), item.seq, choice);
    nudgeSync();
  };
  return (
    <li className="client-attention-item">
      <strong>{T.conflictTitle}</strong>
      <ul>
        {c.fields.map((f) => (
          <li key={f}>
            {f}: yours “{show(sent[f])}”, on the server “{show(current[f])}”
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="btn btn-outline btn-small" onClick={() => void choose('server')}>
          {T.useServer}
        </button>
        <button type="button" className="btn btn-primary btn-small" onClick={() => void choose('mine')}>
          {T.keepMine}
        </button>
      </div>
    </li>
  );
}

/**
 * The card's writes that need the technician (as for tickets): a conflict (someone else changed
 * the same field) with both values and the choice, or a refused write with the server's message
 * and Discard. The sync bar's 'needs attention' links here (`/clients?client=<id>`).
 */
export function Attention({ card }: { card: ClientCardView }) {
  if (card.attention.length === 0) return null;
  return (
    <ul className="client-attention" role="alert">
      {card.attention.map((item) =>
        item.state === 'conflict' && item.conflict ? (
          <ConflictItem key={item.seq} item={item} />
        ) : (
          <li key={item.seq} className="client-attention-item">
            <strong>{T.notSaved}</strong> {item.error?.message ?? 'The change was refused.'}{' '}
            <button type="button" className="btn btn-outline btn-small" onClick={() => void discard(getOfflineDb(), item.seq)}>
              {T.discard}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
