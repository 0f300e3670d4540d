import { useCallback, useMemo, useRef, useState } from 'react';
import type { Visit } from '@portal/shared';
import type { PickedFile } from '../../lib/attachments/prepare';
import { useDraft } from '../../lib/drafts/useDraft';
import { getOfflineDb } from '../../offline';
import { buildCloseOut, initialValues, isUntouched, valuesFromVisit, type CloseOutValues } from './closeOutForm';
import { stepOfError } from './closeOutSteps';
import { enqueueCloseOut } from './offline';
import type { SignatureController } from './signature/signaturePad';

/**
 * The close-out form's state: its values (kept as a draft `visit:<ticket id>`, signature drawing
 * included, so a phone killing the browser mid-way loses nothing; photos are not kept, as in every
 * draft), the picked photos, the signature pad, and `submit`, which checks the values with the
 * API's schema and queues the whole close-out (offline/closeOut.ts) or returns the messages. A running
 * ticket timer gives the default time and is dropped in the close-out's transaction (the visit records
 * the time; the timer would record it twice). A correction (`correct`) opens prefilled from the visit
 * it corrects, is drafted under `visit:<ticket id>:<visit id>`, needs a new signature and is queued
 * with `supersedesVisitId` through the same outbox kind.
 */
export function useCloseOut(
  ticket: { id: string; ticketNumber: string },
  arrivedAt: string | null,
  user: { id: string; username: string } | null,
  /** The ticket's running timer (its minutes are the default time; it is dropped with the close-out). */
  timer: { minutes: number; drop(): Promise<void> } | null = null,
  /** A correction: the visit it corrects and whether to resolve the ticket by default. */
  correct: { visit: Visit; resolve: boolean } | null = null,
) {
  const timerMinutes = timer?.minutes ?? null;
  const start = useMemo(() => (correct ? valuesFromVisit(correct.visit, correct.resolve) : initialValues(arrivedAt, new Date(), timerMinutes)), [arrivedAt, timerMinutes, correct]);
  const [values, setValues] = useState<CloseOutValues>(start);
  const [photos, setPhotos] = useState<PickedFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const signature = useRef<SignatureController | null>(null);
  const set = useCallback(<K extends keyof CloseOutValues>(key: K, value: CloseOutValues[K]) => setValues((v) => ({ ...v, [key]: value })), []);
  const draft = useDraft<CloseOutValues>({
    key: correct ? `visit:${ticket.id}:${correct.visit.id}` : `visit:${ticket.id}`,
    owner: user?.id ?? null,
    values,
    empty: isUntouched(values, start),
    onRestore: (restored) => setValues((v) => ({ ...v, ...(restored as CloseOutValues) })),
  });

  /** @param canResolve false while required checklist items are open (the API would refuse the resolve). */
  const submit = async (canResolve: boolean): Promise<boolean> => {
    const png = signature.current?.toPng() ?? null;
    const built = buildCloseOut({ ...values, resolve: values.resolve && canResolve }, png !== null, new Date(), correct?.visit.id ?? null);
    if ('errors' in built) {
      setErrors(built.errors);
      // On the phone, the step of the first message's field (closeOutSteps.ts).
      set('step', stepOfError(Object.keys(built.errors)[0] ?? ''));
      return false;
    }
    setErrors({});
    setBusy(true);
    try {
      await enqueueCloseOut(getOfflineDb(), { ticket, body: built.body, photos: photos.map((p) => ({ file: p.file, name: p.name })), signature: png, user, alsoInTransaction: timer?.drop });
      draft.clear();
      return true;
    } finally {
      setBusy(false);
    }
  };

  const discard = () => {
    draft.discard();
    setValues(start);
    signature.current?.clear();
  };

  return { values, set, photos, setPhotos, errors, busy, signature, submit, restored: draft.restored, discard };
}
