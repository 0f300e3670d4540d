import { useQuery } from '@tanstack/react-query';
import type { DownloadChecksums } from '@portal/shared';

/**
 * GET /api/downloads/checksums -> DownloadChecksums: hex SHA-256 by file name of every built-in and
 * uploaded download (computed once on the server and stored). Undefined while loading or offline.
 */
export function useChecksums(): Readonly<Record<string, string>> | undefined {
  return useQuery<DownloadChecksums>({ queryKey: ['/api/downloads/checksums'] }).data?.checksums;
}
