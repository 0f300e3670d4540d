import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupOverview, BackupSchedule } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { BACKUP_KEY } from './keys';

/** GET /api/admin/backup -> BackupOverview (docs/backup.md; admin): the schedule and the last backup. Refetched when the screen mounts. */
export function useBackup() {
  return useQuery<BackupOverview>({ queryKey: BACKUP_KEY, refetchOnMount: 'always' });
}

/** PUT /api/admin/backup/schedule `{ enabled, keep }` -> BackupOverview, which replaces the cached one. */
export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation<BackupOverview, Error, BackupSchedule>({
    mutationFn: (schedule) => apiRequest<BackupOverview>('PUT', '/api/admin/backup/schedule', schedule),
    onSuccess: (saved) => queryClient.setQueryData(BACKUP_KEY, saved),
  });
}
