import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_METHODS,
  CONTACT_METHOD_LABELS,
  SEVERITIES,
  SEVERITY_LABELS,
  ticketCreateSchema,
  type ContactMethod,
  type Severity,
  type TicketCreate,
  type TicketCreated,
} from '@portal/shared';
import { isApiError } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { useCreateTicket } from './api/useCreateTicket';

/** What the inputs hold; severity and contact method start unselected (''). */
export interface TicketFormValues {
  clientName: string;
  businessName: string;
  customerEmail: string;
  customerPhone: string;
  severity: Severity | '';
  contactMethod: ContactMethod | '';
  issue: string;
}

const EMPTY: TicketFormValues = {
  clientName: '',
  businessName: '',
  customerEmail: '',
  customerPhone: '',
  severity: '',
  contactMethod: '',
  issue: '',
};

/** The shared schema validates the form exactly like the API does (SPEC.md 5, DESIGN.md 2). */
const resolver = zodResolver(ticketCreateSchema) as unknown as Resolver<TicketFormValues, unknown, TicketCreate>;

const FIELDS = Object.keys(EMPTY) as (keyof TicketFormValues)[];

/**
 * The public support ticket form (SPEC.md 2 / 4 / 5): editing -> success view with the ticket
 * number -> 'Submit Another Request' back to an empty form. Invalid input shows the SPEC.md 5
 * messages under the fields and sends nothing. A failed submit shows the destructive toast and,
 * on a 400, the server's field messages.
 */
export function TicketForm() {
  const toast = useToast();
  const create = useCreateTicket();
  const [created, setCreated] = useState<TicketCreated | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TicketFormValues, unknown, TicketCreate>({ resolver, defaultValues: EMPTY });

  const onSubmit = (values: TicketCreate) =>
    create.mutate(values, {
      onSuccess: (result) => {
        setCreated(result);
        toast.show({
          title: 'Support Request Submitted',
          description: 'Thank you! A technician will contact you soon.',
        });
      },
      onError: (error) => {
        const fieldErrors = isApiError(error, 400) ? error.fieldErrors : undefined;
        for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
          if (FIELDS.includes(field as keyof TicketFormValues) && messages[0]) {
            setError(field as keyof TicketFormValues, { type: 'server', message: messages[0] });
          }
        }
        toast.show({
          title: 'Error',
          description: 'Failed to submit support request. Please try again.',
          variant: 'destructive',
        });
      },
    });

  if (created) {
    return (
      <SuccessView
        ticketNumber={created.ticketNumber}
        onAnother={() => {
          reset(EMPTY);
          create.reset();
          setCreated(null);
        }}
      />
    );
  }

  const e = (k: keyof TicketFormValues) => errors[k]?.message;
  const pending = create.isPending;
  return (
    <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Support request">
      <div className="form-grid">
        <FormField id="clientName" label="Name" error={e('clientName')}>
          <input id="clientName" className="input" autoComplete="name" {...fieldAria('clientName', e('clientName'))} {...register('clientName')} />
        </FormField>
        <FormField id="businessName" label="Business Name" optional error={e('businessName')}>
          <input id="businessName" className="input" autoComplete="organization" {...fieldAria('businessName', e('businessName'))} {...register('businessName')} />
        </FormField>
        <FormField id="customerEmail" label="Email" error={e('customerEmail')}>
          <input id="customerEmail" type="email" inputMode="email" className="input" autoComplete="email" {...fieldAria('customerEmail', e('customerEmail'))} {...register('customerEmail')} />
        </FormField>
        <FormField id="customerPhone" label="Phone" error={e('customerPhone')}>
          <input id="customerPhone" type="tel" inputMode="tel" className="input" autoComplete="tel" {...fieldAria('customerPhone', e('customerPhone'))} {...register('customerPhone')} />
        </FormField>
        <FormField id="severity" label="Severity" error={e('severity')}>
          <select id="severity" className="input" {...fieldAria('severity', e('severity'))} {...register('severity')}>
            <option value="" disabled>
              Select severity level
            </option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {SEVERITY_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="contactMethod" label="Preferred Contact Method" error={e('contactMethod')}>
          <select id="contactMethod" className="input" {...fieldAria('contactMethod', e('contactMethod'))} {...register('contactMethod')}>
            <option value="" disabled>
              Select contact method
            </option>
            {CONTACT_METHODS.map((m) => (
              <option key={m} value={m}>
                {CONTACT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="issue" label="Issue Description" error={e('issue')} hint="Describe what happened, what you expected and any error messages.">
        <textarea id="issue" className="input textarea" rows={5} {...fieldAria('issue', e('issue'))} {...register('issue')} />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? 'Submitting...' : 'Submit Request'}
      </button>
    </form>
  );
}

/** Success state: the ticket number, focused for screen readers, and 'Submit Another Request'. */
function SuccessView({ ticketNumber, onAnother }: { ticketNumber: string; onAnother(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="card success-view" role="region" aria-labelledby="success-heading">
      <h2 id="success-heading" ref={headingRef} tabIndex={-1}>
        We've received your request
      </h2>
      <p>Your ticket number is</p>
      <p className="ticket-number" data-testid="ticket-number">
        {ticketNumber}
      </p>
      <p className="muted">Keep this number for your records. A technician will contact you soon.</p>
      <button type="button" className="btn btn-primary" onClick={onAnother}>
        Submit Another Request
      </button>
    </div>
  );
}
