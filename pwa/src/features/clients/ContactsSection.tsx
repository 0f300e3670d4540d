import { IonBadge } from '@ionic/react';
import { contactCreateSchema, contactPatchSchema, formatPhone, type Contact } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useConfig } from '../../lib/config';
import { DeleteButton } from './DeleteButton';
import { useClientWrite } from './api/useClientWrite';
import { FieldsForm } from './FieldsForm';
import { CONTACT_FIELDS, CONTACT_METHOD_NAMES, bodyOf, contactValues, editBody } from './forms';
import { mailtoHref, smsHref, telHref } from '../../lib/links';
import type { ClientCardView } from './offline';
import type { SectionForm } from './sectionForm';
import { CLIENTS_TEXT as T } from './texts';

/** Call / Text / E-mail, one tap each (DESIGN.md 5a: contact data is a link). */
function ContactLinks({ c, shown }: { c: Contact; shown: string }) {
  const tel = telHref(c.phone);
  const sms = smsHref(c.phone);
  const mail = mailtoHref(c.email);
  return (
    <div className="client-links">
      {tel && (
        <a className="btn btn-outline btn-small" href={tel} aria-label={`${T.call} ${c.name} (${shown})`}>
          {T.call}
        </a>
      )}
      {sms && (
        <a className="btn btn-outline btn-small" href={sms} aria-label={`${T.text} ${c.name}`}>
          {T.text}
        </a>
      )}
      {mail && (
        <a className="btn btn-outline btn-small" href={mail} aria-label={`${T.email} ${c.name}`}>
          {T.email}
        </a>
      )}
    </div>
  );
}

/**
 * The card's contacts: name, title, phone (formatted for the default country) and e-mail, one-tap
 * call / text / e-mail; Add Contact, Edit and (admins, asked first) Delete through the outbox (work
 * offline; 'Waiting to sync').
 */
export function ContactsSection({ card, editing, setEditing }: { card: ClientCardView } & SectionForm) {
  const { phoneCountry } = useConfig();
  const admin = useAuth().user?.role === 'admin';
  const write = useClientWrite();
  const current = card.contacts.find((c) => c.id === editing) ?? null;
  const save = async (body: Record<string, unknown>, changed: string[]) => {
    if (editing === 'new') await write({ op: 'contact.create', clientId: card.id, body: body as never }, card.name);
    else if (current && changed.length > 0) await write({ op: 'contact.patch', clientId: card.id, childId: current.id, body: editBody(body, changed, current) }, card.name);
    setEditing(null);
  };
  return (
    <section className="client-section" aria-labelledby="client-contacts">
      <h2 id="client-contacts">{T.contacts}</h2>
      <ul className="client-items">
        {card.contacts.map((c) => {
          const shown = c.phone ? formatPhone(c.phone, phoneCountry) : '';
          return (
            <li key={c.id} className="client-item" data-contact={c.id}>
              <div className="client-item-head">
                <strong>{c.name}</strong>
                {c.primary && <IonBadge color="primary">{T.primary}</IonBadge>}
                {card.pending.has(c.id) && <IonBadge color="warning">{T.waiting}</IonBadge>}
              </div>
              {c.title && <div className="muted">{c.title}</div>}
              {c.preferredContactMethod && <div className="muted">{`${T.prefers}: ${CONTACT_METHOD_NAMES[c.preferredContactMethod]}`}</div>}
              {shown && <div className="client-phone">{shown}</div>}
              {c.email && <div>{c.email}</div>}
              <ContactLinks c={c} shown={shown} />
              {!c.id.startsWith('pending:') && (
                <div className="form-actions">
                  <button type="button" className="btn btn-outline btn-small" aria-label={`${T.edit} ${c.name}`} onClick={() => setEditing(c.id)}>
                    {T.edit}
                  </button>
                  {admin && <DeleteButton name={c.name} what="contact" onConfirm={() => write({ op: 'contact.delete', clientId: card.id, childId: c.id }, card.name)} />}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {editing ? (
        <FieldsForm
          key={editing}
          id="contact-form"
          heading={editing === 'new' ? T.addContact : `${T.edit} ${current?.name ?? ''}`}
          fields={CONTACT_FIELDS}
          initial={contactValues(current)}
          schema={editing === 'new' ? contactCreateSchema : contactPatchSchema}
          toBody={bodyOf}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
          {T.addContact}
        </button>
      )}
    </section>
  );
}
