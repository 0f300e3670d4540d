/**
 * Which form of a client card is open: the card's own Edit, or a contact's or site's (by id, or
 * 'new' for Add Contact / Add Site). The card holds it (one form at a time), so a re-read of the
 * card, or its brief absence while the device's copy is replaced, never closes a form and drops
 * what the person typed (ClientCard `useHeldCard`).
 */
export type OpenForm = { of: 'client' } | { of: 'contact' | 'site'; id: string | 'new' } | null;

/** What a contacts or sites section gets from the card: its open form's id (or null) and a setter. */
export interface SectionForm {
  editing: string | 'new' | null;
  setEditing(id: string | 'new' | null): void;
}

/** The section's view of the card's open form. */
export function sectionForm(form: OpenForm, of: 'contact' | 'site', set: (form: OpenForm) => void): SectionForm {
  return {
    editing: form && form.of === of ? form.id : null,
    setEditing: (id) => set(id === null ? null : { of, id }),
  };
}
