import { useRef, useState } from 'react';
import { IonBadge } from '@ionic/react';
import { clientPatchSchema, formatPhone } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useConfig } from '../../lib/config';
import { useClientWrite } from './api/useClientWrite';
import { useClientView } from './api/useClients';
import { Attention } from './Attention';
import { DeleteButton } from './DeleteButton';
import { ContactsSection } from './ContactsSection';
import { FieldsForm } from './FieldsForm';
import { CLIENT_FIELDS, bodyOf, clientValues, editBody } from './forms';
import { telHref } from '../../lib/links';
import { MonthFigures } from './MonthFigures';
import { RelatedSections } from './RelatedSections';
import { SitesSection } from './SitesSection';
import { sectionForm, type OpenForm } from './sectionForm';
import { VisitsSection } from './VisitsSection';
import { CLIENTS_TEXT as T } from './texts';

/**
 * The client card (issue 50 items 5-6): name, domains, main phone and notes (Edit), what needs
 * attention, contacts, sites, open and recent tickets, vault entries, the assets placeholder and
 * this month's time and SLA figures (online).
 * Read from this device and edited through the outbox, so it works offline; admins archive and
 * restore and delete (asked first; also through the outbox: the server checks the role).
 * While the card is read again, and while one of its forms (Edit, a contact's, a site's) is open,
 * the last card read stays shown: a re-read (or the clearing of a first sign-in, followed by the
 * next pull) must not close the form and drop what the person typed.
 */
export function ClientCard({ id, onBack }: { id: string; onBack(): void }) {
  const [form, setForm] = useState<OpenForm>(null);
  const editing = form?.of === 'client';
  const setEditing = (open: boolean) => setForm(open ? { of: 'client' } : null);
  const card = useHeldCard(id, useClientView(id), form !== null);
  const { user } = useAuth();
  const { phoneCountry } = useConfig();
  const write = useClientWrite();
  if (card === undefined) return <p className="muted">{T.loading}</p>;
  const back = (
    <button type="button" className="btn btn-outline btn-small" onClick={onBack}>
      ← {T.back}
    </button>
  );
  if (card === null)
    return (
      <div className="client-card">
        {back}
        <p role="status">{T.notFound}</p>
      </div>
    );
  const save = async (body: Record<string, unknown>, changed: string[]) => {
    if (changed.length > 0) await write({ op: 'client.patch', clientId: card.id, body: editBody(body, changed, card) }, card.name);
    setEditing(false);
  };
  const tel = card.phone ? telHref(card.phone) : null;
  return (
    <article className="client-card" data-client-card={card.id} aria-labelledby="client-name">
      {back}
      <header className="client-card-head">
        <h1 id="client-name">{card.name}</h1>
        {card.archived && <IonBadge color="medium">{T.archived}</IonBadge>}
        {card.pending.has(card.id) && <IonBadge color="warning">{T.waiting}</IonBadge>}
      </header>
      <Attention card={card} />
      {editing ? (
        <FieldsForm id="client-form" heading={`${T.edit} ${card.name}`} fields={CLIENT_FIELDS} initial={clientValues(card)} schema={clientPatchSchema} toBody={bodyOf} onSubmit={save} onCancel={() => setEditing(false)} />
      ) : (
        <div className="client-details">
          {card.emailDomains.length > 0 && <div className="muted">{card.emailDomains.join(', ')}</div>}
          {card.phone && tel && <a href={tel}>{formatPhone(card.phone, phoneCountry)}</a>}
          {card.notes && <p className="client-notes">{card.notes}</p>}
          <div className="form-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(true)}>
              {T.edit}
            </button>
            {user?.role === 'admin' && (
              <>
                <button type="button" className="btn btn-outline btn-small" onClick={() => void write({ op: 'client.patch', clientId: card.id, body: { archived: !card.archived } }, card.name)}>
                  {card.archived ? T.restore : T.archive}
                </button>
                <DeleteButton name={card.name} what="client" onConfirm={() => write({ op: 'client.delete', clientId: card.id }, card.name)} />
              </>
            )}
          </div>
        </div>
      )}
      <div className="client-grid">
        <ContactsSection card={card} {...sectionForm(form, 'contact', setForm)} />
        <SitesSection card={card} {...sectionForm(form, 'site', setForm)} />
        <RelatedSections clientId={card.id} />
        <MonthFigures clientId={card.id} />
        <VisitsSection clientId={card.id} />
      </div>
    </article>
  );
}

/** Card `id` as read (`live`), or the last one read while it reads again (undefined) or, with any of its forms open, is missing (null). */
function useHeldCard<T extends { id: string }>(id: string, live: T | null | undefined, formOpen: boolean): T | null | undefined {
  const last = useRef<T | null>(null);
  if (live) last.current = live;
  else if (last.current?.id === id && (live === undefined || formOpen)) return last.current;
  return live;
}
