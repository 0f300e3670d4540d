import { useEffect, useRef } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CONTACT_METHODS, CONTACT_METHOD_LABELS, SEVERITIES, SEVERITY_LABELS } from '@portal/shared';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import type { TicketFormValues } from './ticketResolver';

/**
 * The support form's fields (SPEC.md 2): Name, Business Name (optional), Email, Phone, Severity,
 * Preferred Contact Method and Issue Description, each with its SPEC.md 5 message under it, and
 * "Which device?" (optional, issue 53: free text; the server links the matched client's asset it
 * names, docs/assets.md; the anonymous form never lists a client's assets).
 */
export function TicketFields(props: { register: UseFormRegister<TicketFormValues>; errors: FieldErrors<TicketFormValues>; typed: TicketFormValues }) {
  const { register, errors, typed } = props;
  const e = (k: keyof TicketFormValues) => errors[k]?.message;
  return (
    <>
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
          <ChosenText text={typed.severity ? SEVERITY_LABELS[typed.severity] : null} />
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
          <ChosenText text={typed.contactMethod ? CONTACT_METHOD_LABELS[typed.contactMethod] : null} />
        </FormField>
      </div>
      <FormField id="issue" label="Issue Description" error={e('issue')} hint="Describe what happened, what you expected and any error messages.">
        <textarea id="issue" className="input textarea" rows={5} {...fieldAria('issue', e('issue'))} {...register('issue')} />
      </FormField>
      <FormField id="device" label="Which device?" optional error={e('device')} hint="The device's name or the tag on its label, if it has one.">
        <input id="device" className="input" maxLength={100} {...fieldAria('device', e('device'))} {...register('device')} />
      </FormField>
    </>
  );
}

/**
 * The chosen option's whole text under a select, whose closed box cuts SPEC.md's long labels
 * ('High - Significant impact; needs fast res…' on a phone, and in the desktop's two columns).
 * Hidden from screen readers (the select already says it).
 */
function ChosenText({ text }: { text: string | null }) {
  return text ? (
    <p className="form-hint select-chosen" aria-hidden="true">
      {text}
    </p>
  ) : null;
}

/** Success state: the ticket number, focused for screen readers, and 'Submit Another Request'. */
export function SuccessView({ ticketNumber, statusUrl, onAnother }: { ticketNumber: string; statusUrl: string | null; onAnother(): void }) {
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
      {statusUrl && (
        <p>
          <a href={statusUrl}>
            Follow your ticket
          </a>
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={onAnother}>
        Submit Another Request
      </button>
    </div>
  );
}
