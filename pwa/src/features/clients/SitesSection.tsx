import { IonBadge } from '@ionic/react';
import { siteCreateSchema, sitePatchSchema } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useClientWrite } from './api/useClientWrite';
import { DeleteButton } from './DeleteButton';
import { FieldsForm } from './FieldsForm';
import { SITE_FIELDS, bodyOf, editBody, siteValues } from './forms';
import { mapsHref } from '../../lib/links';
import type { ClientCardView } from './offline';
import type { SectionForm } from './sectionForm';
import { CLIENTS_TEXT as T } from './texts';

/**
 * The card's sites: name, address with a maps link, access notes (opening hours, alarm, parking);
 * Add Site, Edit and (admins, asked first) Delete through the outbox (work offline; 'Waiting to sync').
 */
export function SitesSection({ card, editing, setEditing }: { card: ClientCardView } & SectionForm) {
  const write = useClientWrite();
  const admin = useAuth().user?.role === 'admin';
  const current = card.sites.find((c) => c.id === editing) ?? null;
  const save = async (body: Record<string, unknown>, changed: string[]) => {
    if (editing === 'new') await write({ op: 'site.create', clientId: card.id, body: body as never }, card.name);
    else if (current && changed.length > 0) await write({ op: 'site.patch', clientId: card.id, childId: current.id, body: editBody(body, changed, current) as never }, card.name);
    setEditing(null);
  };
  return (
    <section className="client-section" aria-labelledby="client-sites">
      <h2 id="client-sites">{T.sites}</h2>
      <ul className="client-items">
        {card.sites.map((s) => {
          const map = mapsHref(s.address);
          return (
            <li key={s.id} className="client-item" data-site={s.id}>
              <div className="client-item-head">
                <strong>{s.name}</strong>
                {card.pending.has(s.id) && <IonBadge color="warning">{T.waiting}</IonBadge>}
              </div>
              {s.address && (
                <div>
                  {s.address}{' '}
                  {map && (
                    <a href={map} target="_blank" rel="noreferrer" aria-label={`${T.map}: ${s.name}`}>
                      {T.map}
                    </a>
                  )}
                </div>
              )}
              {s.accessNotes && (
                <div className="client-access">
                  <span className="muted">{T.accessNotes}:</span> <span>{s.accessNotes}</span>
                </div>
              )}
              {!s.id.startsWith('pending:') && (
                <div className="form-actions">
                  <button type="button" className="btn btn-outline btn-small" aria-label={`${T.edit} ${s.name}`} onClick={() => setEditing(s.id)}>
                    {T.edit}
                  </button>
                  {admin && <DeleteButton name={s.name} what="site" onConfirm={() => write({ op: 'site.delete', clientId: card.id, childId: s.id }, card.name)} />}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {editing ? (
        <FieldsForm
          key={editing}
          id="site-form"
          heading={editing === 'new' ? T.addSite : `${T.edit} ${current?.name ?? ''}`}
          fields={SITE_FIELDS}
          initial={siteValues(current)}
          schema={editing === 'new' ? siteCreateSchema : sitePatchSchema}
          toBody={bodyOf}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
          {T.addSite}
        </button>
      )}
    </section>
  );
}
