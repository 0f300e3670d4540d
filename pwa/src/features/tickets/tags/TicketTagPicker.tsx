import { useState } from 'react';
import { TAG_MSG, mergeTagSet, tagKey, tagNameSchema, type PublicUser, type Ticket } from '@portal/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../lib/toast';
import { getOfflineDb, useOfflineQuery } from '../../../offline';
import { enqueueTagChange, readTagList } from '../offline';
import { TagChips } from './TagChips';

/**
 * The ticket's tags on the Update Ticket panel (issue 57 point 3, docs/tags.md): its chips, each with
 * a remove button, and 'Add tag' choosing from the phone's copy of the tag list (works offline).
 * A name that is no tag yet is added only by an admin or when the setting lets technicians create
 * tags (else 'Only an admin can create new tags.'). Each add or remove is queued at once as a
 * tag-only ticket update (a set operation: it never conflicts with changes made elsewhere).
 */
export function TicketTagPicker({ ticket, user }: { ticket: Pick<Ticket, 'id' | 'ticketNumber' | 'version' | 'tags'>; user: Pick<PublicUser, 'id' | 'username'> | null }) {
  const list = useOfflineQuery((db) => readTagList(db), []);
  const role = useAuth().user?.role;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const shown = ticket.tags ?? [];
  const change = async (chosen: string[]) => {
    try {
      await enqueueTagChange(getOfflineDb(), ticket, chosen, user);
    } catch {
      toast.show({ title: 'Error', description: 'Failed to update ticket. Please try again.', variant: 'destructive' });
    }
  };
  const add = async () => {
    const parsed = tagNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TAG_MSG.nameRequired);
    // The device's list as stored now, not as last rendered: a tap right after a sync must not
    // judge a tag unknown because the live read has not caught up yet.
    const current = await readTagList(getOfflineDb()).catch(() => list);
    const existing = current?.tags.find((t) => tagKey(t.name) === tagKey(parsed.data));
    if (!existing && role !== 'admin' && !current?.techniciansMayCreate) return setError(TAG_MSG.mayNotCreate);
    setError(null);
    setName('');
    await change(mergeTagSet(shown, [existing?.name ?? parsed.data]));
  };
  const onTicket = new Set(shown.map(tagKey));
  const choices = (list?.tags ?? []).filter((t) => !onTicket.has(tagKey(t.name)));
  const inputId = `ticket-tag-input-${ticket.id}`;
  return (
    <section className="ticket-tags" aria-labelledby="ticket-tags-heading">
      <h3 id="ticket-tags-heading" className="panel-section-title">
        Tags
      </h3>
      <TagChips tags={shown} onRemove={(n) => void change(shown.filter((t) => t !== n))} />
      <form
        className="ticket-tag-add"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Add tag
        </label>
        <input id={inputId} list={`${inputId}-list`} value={name} placeholder="Add tag" autoComplete="off" onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} />
        <datalist id={`${inputId}-list`}>
          {choices.map((t) => (
            <option key={t.id} value={t.name} />
          ))}
        </datalist>
        <button type="submit" className="btn btn-outline btn-small">
          Add tag
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
