import type { TemplateItem } from '@portal/shared';

/**
 * New Ticket's read-only preview of the checklist the chosen template gives the ticket (issues 51,
 * 52): "This ticket will start with this checklist (N items)", each item with "(Required)" where it
 * is. The ticket gets exactly these items when it is created (online or when the queued create
 * syncs); they are ticked or edited on the ticket afterwards. Renders nothing without items.
 */
export function TemplateChecklist({ items }: { items: readonly TemplateItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="new-ticket-checklist" aria-labelledby="nt-checklist-heading">
      <h2 id="nt-checklist-heading">Checklist from the template</h2>
      <p className="muted">
        This ticket will start with {items.length === 1 ? 'this item' : `these ${items.length} items`}. Tick them off on the ticket.
      </p>
      <ul aria-label="Checklist the ticket will get">
        {items.map((item, i) => (
          <li key={i}>
            <input type="checkbox" disabled aria-hidden="true" tabIndex={-1} />
            <span>{item.text}</span>
            {item.required && <span className="muted"> (Required)</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
