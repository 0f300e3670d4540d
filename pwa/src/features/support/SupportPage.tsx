import { TicketForm } from './TicketForm';

/** /support (SPEC.md 2): heading 'Submit a Support Request' and the ticket form. */
export function SupportPage() {
  return (
    <div className="page page-narrow">
      <h1>Submit a Support Request</h1>
      <p className="muted">Fill in the form and we will get back to you. You will receive a ticket number right away.</p>
      <TicketForm />
    </div>
  );
}
