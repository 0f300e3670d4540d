import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { backupScheduleSchema, formatFileSize, BACKUP_KEEP_MAX, type BackupSchedule } from '@portal/shared';
import { isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { NotLoaded, useScreenConnectionContext, useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';
import { useBackup, useSaveBackupSchedule } from './api/useBackup';
import { SETTINGS_TEXT, lastBackupLine } from './texts';

const resolver = zodResolver(backupScheduleSchema) as unknown as Resolver<BackupSchedule>;

/**
 * 'Backups' on /admin/settings (docs/backup.md "Scheduled backups"): the daily backup on or off and
 * how many archives to keep (shared backupScheduleSchema: 'Keep at least 1 backup.' under the field,
 * nothing sent), 'Settings Updated' or SPEC.md 8's failure toast; the last backup's line, the folder,
 * and a note when the server has no BACKUP_PASSPHRASE. Never loaded and no server: 'Not loaded yet: ...' like
 * the other sections (issue 56 item 4).
 */
export function BackupSection() {
  const toast = useToast();
  const backup = useBackup();
  const save = useSaveBackupSchedule();
  const writeBlock = useWriteBlock();
  const offline = useScreenConnectionContext()?.offline ?? false;
  const data = backup.data;
  const { register, handleSubmit, setError, formState: { errors } } = useForm<BackupSchedule>({
    resolver,
    defaultValues: { enabled: false, keep: 7 },
    values: data?.schedule,
    resetOptions: { keepDirtyValues: true },
  });

  const onSave = (schedule: BackupSchedule) =>
    save.mutate(schedule, {
      onSuccess: (r) => toast.show({ title: 'Settings Updated', description: r.schedule.enabled ? `A backup is made daily; the newest ${r.schedule.keep} are kept.` : 'Daily backups are off.' }),
      onError: (error) => {
        const message = isApiError(error, 400) ? error.fieldErrors?.keep?.[0] : undefined;
        if (message) setError('keep', { type: 'server', message });
        toast.show({ title: 'Error', description: SETTINGS_TEXT.updateFailed, variant: 'destructive' });
      },
    });

  const keepError = errors.keep?.message;
  return (
    <section className="card settings-card" aria-labelledby="backup-heading">
      <h2 id="backup-heading">{SETTINGS_TEXT.backupsHeading}</h2>
      {data && (
        <p className="muted settings-lead" data-testid="last-backup">
          {lastBackupLine(data.last, formatDateTime, formatFileSize)}
        </p>
      )}
      {!data && offline && <NotLoaded className="settings-lead" />}
      {!data && !offline && backup.isError && <p className="muted settings-lead">The backup settings could not be loaded.</p>}
      {data && !data.passphraseSet && <p role="note">{SETTINGS_TEXT.backupNoPassphrase}</p>}
      <form className="form" noValidate onSubmit={handleSubmit(onSave)} aria-label="Backup schedule">
        <label className="checkbox-row" htmlFor="backupDaily">
          <input id="backupDaily" type="checkbox" disabled={backup.isPending} {...register('enabled')} />
          <span>{SETTINGS_TEXT.backupDaily}</span>
        </label>
        <FormField id="backupKeep" label={SETTINGS_TEXT.backupKeep} error={keepError} hint={SETTINGS_TEXT.backupKeepHint}>
          <input
            id="backupKeep"
            type="number"
            inputMode="numeric"
            min={1}
            max={BACKUP_KEEP_MAX}
            className="input"
            disabled={backup.isPending}
            {...fieldAria('backupKeep', keepError)}
            {...register('keep', { valueAsNumber: true })}
          />
        </FormField>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" {...writeProps(writeBlock, save.isPending || backup.isPending)}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      {data && <p className="muted">Saved in {data.dir}.</p>}
    </section>
  );
}
