import { useEffect, useState } from 'react';
import type { RecurringSchedule } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { failureText } from '../../lib/connection';
import { useToast } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { Sheet } from '../../lib/ui/Sheet';
import { ConnectionProvider, writeProps } from '../../lib/ui/ServerConnection';
import { getOfflineDb, useOfflineQuery } from '../../offline';
import { useDeleteSchedule, useRunNow, useSaveSchedule, useSchedules } from './api/useRecurring';
import { readClientChoices, readSchedules, storeSchedules } from './offline';
import { ScheduleDetail } from './ScheduleDetail';
import { ScheduleForm } from './ScheduleForm';
import { ScheduleList } from './ScheduleList';
import { RECURRING_TEXT } from './texts';
import { useRecurringConnection } from './useRecurringConnection';
import './recurring.css';

type Open = { kind: 'form'; s: RecurringSchedule | null } | { kind: 'detail'; id: string; title: string } | null;

/** /recurring 'Recurring Tickets' (issue 52 item 6): staff read; admins create, edit, pause, run now and delete (online only). */
export default function RecurringPage() {
  const admin = useAuth().user?.role === 'admin';
  const toast = useToast();
  const { connection, notice } = useRecurringConnection();
  const schedules = useSchedules();
  const clients = useOfflineQuery(readClientChoices);
  // Without a server the list is this device's copy (the one Upcoming reads); the notice says as of when.
  const copy = useOfflineQuery(readSchedules);
  const list = schedules.data ?? (connection.offline && copy?.length ? copy : undefined);
  const save = useSaveSchedule();
  const runNow = useRunNow();
  const remove = useDeleteSchedule();
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<RecurringSchedule | null>(null);
  useEffect(() => void (schedules.data && storeSchedules(getOfflineDb(), schedules.data)), [schedules.data]);
  const names = new Map(clients?.map((c) => [c.id, c.name]));
  const rows = list?.map((s) => ({ s, client: (s.clientId && names.get(s.clientId)) || '' }));
  const fail = (err: Error) => toast.show({ title: 'Error', description: failureText(err), variant: 'destructive' });
  const done = (title: string, description: string) => toast.show({ title, description });
  const onSave = (body: object) => {
    const id = open?.kind === 'form' ? open.s?.id : undefined;
    save.mutate({ id, body }, { onSuccess: (s) => (setOpen({ kind: 'detail', id: s.id, title: s.title }), done(RECURRING_TEXT.saved, `${s.title} was saved.`)), onError: fail });
  };
  const actions = {
    onEdit: (s: RecurringSchedule) => setOpen({ kind: 'form', s }),
    onPause: (s: RecurringSchedule) => save.mutate({ id: s.id, body: { paused: !s.paused } }, { onSuccess: (x) => done(x.paused ? 'Schedule Paused' : 'Schedule Resumed', x.title), onError: fail }),
    onRunNow: (s: RecurringSchedule) => runNow.mutate(s.id, { onSuccess: (x) => done('Ticket Opened', `${x.history[0]?.ticketNumber ?? ''} was opened for ${x.title}.`), onError: fail }),
    onDelete: (s: RecurringSchedule) => (setOpen(null), setDeleting(s)),
  };
  const onDelete = () =>
    deleting && remove.mutate(deleting.id, { onSuccess: () => done('Deleted', `${deleting.title} was deleted.`), onError: fail, onSettled: () => setDeleting(null) });
  const sheetTitle = open?.kind === 'form' ? (open.s ? RECURRING_TEXT.editTitle : RECURRING_TEXT.newTitle) : open?.title;
  return (
    <div className="page rec-page">
      <div className="page-head">
        <h1>{RECURRING_TEXT.title}</h1>
        {admin && (
          <button type="button" className="btn btn-primary btn-small" {...writeProps(connection.writeBlock)} onClick={() => setOpen({ kind: 'form', s: null })}>
            {RECURRING_TEXT.add}
          </button>
        )}
      </div>
      {notice}
      <ConnectionProvider connection={connection}>
        <ScheduleList rows={rows} error={list ? null : schedules.error} onRetry={() => void schedules.refetch()} onOpen={(id) => setOpen({ kind: 'detail', id, title: list?.find((s) => s.id === id)?.title ?? '' })} />
        <Sheet open={open !== null} onClose={() => setOpen(null)} labelledBy="rec-sheet-title" className="rec-sheet">
          <h2 id="rec-sheet-title" className="sheet-title">
            {sheetTitle}
          </h2>
          {open?.kind === 'form' && <ScheduleForm schedule={open.s} pending={save.isPending} disabled={connection.writeBlock} onSave={onSave} onCancel={() => setOpen(null)} />}
          {open?.kind === 'detail' && <ScheduleDetail id={open.id} admin={admin} writeBlock={connection.writeBlock} busy={save.isPending || runNow.isPending} actions={actions} />}
        </Sheet>
      </ConnectionProvider>
      <ConfirmDialog open={deleting !== null} title="Delete Schedule?" description={RECURRING_TEXT.deleteConfirm} confirmLabel="Delete" pendingLabel="Deleting..." pending={remove.isPending} onConfirm={onDelete} onCancel={() => setDeleting(null)} />
    </div>
  );
}
