import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type UseFormReset, type UseFormSetError } from 'react-hook-form';
import type { TicketCreate, TicketCreateInput } from '@portal/shared';
import { whenIdle } from '../../lib/idle';
import { lazyResolver } from '../../lib/lazyResolver';
import { useToast } from '../../lib/toast';
import { DraftNotice } from '../../lib/drafts/DraftNotice';
import { PUBLIC_OWNER } from '../../lib/drafts/owner';
import './ticket-form.css';
import { useDraft } from '../../lib/drafts/useDraft';
import type { TicketFormValues } from './ticketResolver';
import type { PickedFile } from '../../lib/attachments/prepare';
import { LazyQueuedView, LazyUploadList, useQueuedSubmission, type QueuedSubmission } from './useQueuedSubmission';
import { SuccessView, TicketFields } from './TicketFields';

/** Photos and files (docs/attachments.md): loaded when idle, outside the public pages' first JS. */
const SupportAttachments = lazy(() => import('./attachments/SupportAttachments'));


const EMPTY: TicketFormValues = {
  clientName: '',
  businessName: '',
  customerEmail: '',
  customerPhone: '',
  severity: '',
  contactMethod: '',
  issue: '',
  device: '',
};

/**
 * The shared schema validates the form exactly like the API does (SPEC.md 5, DESIGN.md 2); it is
 * loaded when the form is idle (ticketResolver.ts), so the form is usable before zod arrives.
 */
const resolver = lazyResolver(() => import('./ticketResolver').then((m) => m.ticketResolver));

const FIELDS = Object.keys(EMPTY) as (keyof TicketFormValues)[];

/** Form values of a stored request body (a rejected request goes back into the form). */
function toFormValues(body: TicketCreateInput): TicketFormValues {
  return {
    ...EMPTY,
    ...body,
    businessName: body.businessName ?? '',
    device: body.device ?? '',
    severity: body.severity ?? '',
    contactMethod: body.contactMethod ?? '',
  } as TicketFormValues;
}

/**
 * The public support ticket form (SPEC.md 2 / 4 / 5): editing -> success view with the ticket
 * number -> 'Submit Another Request' back to an empty form. Invalid input shows the SPEC.md 5
 * messages under the fields and sends nothing.
 *
 * A valid request goes through the outbox (see useQueuedSubmission): online it is
 * sent at once ('Submitting...'); with no signal the customer sees that it is saved on the device
 * and will be sent automatically, and the ticket number appears when it has been. A request the
 * server rejects comes back into the form with the server's field messages and the SPEC.md 8 toast.
 * The outbox link (`live`, see useQueuedSubmission) stays first in every state, so switching views
 * never restarts it. What the customer types is kept as a draft on the device (lib/drafts, key
 * `support:request`) until the request is queued: after a reload the form says 'Draft restored'
 * (with 'Discard draft').
 */
export function TicketForm() {
  const toast = useToast();
  const submission = useQueuedSubmission();
  const { view, connectivity, live } = submission;
  // Photos and files picked for this request (docs/attachments.md); queued with it on submit.
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [attachable, setAttachable] = useState(false);
  useEffect(() => whenIdle(() => setAttachable(true)), []);
  const uploads = submission.uploads.length ? (
    <Suspense fallback={null}>
      <LazyUploadList rows={submission.uploads} offline={connectivity === 'offline'} />
    </Suspense>
  ) : null;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<TicketFormValues, unknown, TicketCreate>({ resolver, defaultValues: EMPTY });
  const typed = watch();
  const draft = useDraft({
    key: 'support:request',
    owner: PUBLIC_OWNER,
    values: typed as unknown as Record<string, string>,
    empty: FIELDS.every((f) => !typed[f]),
    onRestore: (values) => {
      const restored = { ...EMPTY };
      for (const f of FIELDS) if (typeof values[f] === 'string') (restored as Record<string, string>)[f] = values[f];
      reset(restored);
    },
  });

  useEffect(() => whenIdle(() => void resolver.preload()), []);

  const ticketNumber = useSubmissionOutcome(submission, reset, setError);

  const onSubmit = (values: TicketCreate) =>
    submission.submit(values, files.map((f) => ({ file: f.file, name: f.name }))).then(() => {
      draft.clear();
      for (const f of files) if (f.preview) URL.revokeObjectURL(f.preview);
      setFiles([]);
    }, () => {
      // IndexedDB itself refused (private mode quota, storage disabled): nothing was kept.
      toast.show({ title: 'Error', description: 'Failed to submit support request. Please try again.', variant: 'destructive' });
    });

  if (ticketNumber) {
    return withLive(
      <SuccessView
        ticketNumber={ticketNumber}
        statusUrl={view?.state === 'done' ? view.statusUrl : null}
        onAnother={() => {
          reset(EMPTY);
          void submission.forget({ discard: true });
        }}
      />,
    );
  }

  const waiting = view?.state === 'pending' || view?.state === 'sending';
  if (waiting && (connectivity === 'offline' || view.lastError)) {
    return withLive(
      <Suspense fallback={null}>
        <LazyQueuedView offline={connectivity === 'offline'} problem={view.problem} retryAt={view.retryAt} onRetry={() => void submission.retryNow()} />
        {uploads}
      </Suspense>,
    );
  }

  const pending = waiting;
  return withLive(
    <form className="card form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Support request">
      <DraftNotice
        restored={draft.restored}
        onDiscard={() => {
          draft.discard();
          reset(EMPTY);
        }}
      />
      <TicketFields register={register} errors={errors} typed={typed} />
      {attachable && (
        <Suspense fallback={null}>
          <SupportAttachments files={files} onChange={setFiles} disabled={pending} />
        </Suspense>
      )}
      {pending && uploads}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? 'Submitting...' : 'Submit Request'}
      </button>
    </form>,
  );

  /** `content` after the outbox link, which keeps its place (first) in every state. */
  function withLive(content: ReactNode) {
    return (
      <>
        {live}
        {content}
      </>
    );
  }
}

/**
 * What the form does with the outcome of its queued request: the ticket number's toast once it is
 * known (returned), a rejected request back into the form with the server's field messages and the
 * SPEC.md 8 toast, and forgetting a remembered request that no longer exists.
 */
function useSubmissionOutcome(submission: QueuedSubmission, reset: UseFormReset<TicketFormValues>, setError: UseFormSetError<TicketFormValues>): string | null {
  const toast = useToast();
  const { view } = submission;
  const ticketNumber = view?.state === 'done' ? view.ticketNumber : null;
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!ticketNumber || announced.current === ticketNumber) return;
    announced.current = ticketNumber;
    toast.show({ title: 'Support Request Submitted', description: `Your ticket number is ${ticketNumber}.` });
  }, [ticketNumber, toast]);

  const rejected = view?.state === 'failed' ? view.error : null;
  const { body, forget } = submission;
  useEffect(() => {
    if (!rejected) return;
    void (async () => {
      const values = await body();
      if (values) reset(toFormValues(values));
      for (const [field, messages] of Object.entries(rejected.fieldErrors ?? {})) {
        if (FIELDS.includes(field as keyof TicketFormValues) && messages[0]) {
          setError(field as keyof TicketFormValues, { type: 'server', message: messages[0] });
        }
      }
      toast.show({ title: 'Error', description: 'Failed to submit support request. Please try again.', variant: 'destructive' });
      await forget({ discard: true });
    })();
  }, [rejected, body, forget, reset, setError, toast]);

  useEffect(() => {
    if (view === null) void forget(); // the remembered request no longer exists
  }, [view, forget]);
  return ticketNumber;
}
