import { apiRequest } from '../../../lib/api';
import { downloadUrl } from '../../../lib/keptFiles';

/**
 * HEAD /api/downloads/:fileName (SPEC.md 7 GET, same route): checks that the file is there and
 * that this session may download it, without transferring it, before the browser is sent to the
 * URL. Rejects with ApiError (404, 403, ...) or a network TypeError.
 */
export function checkDownload(fileName: string): Promise<void> {
  return apiRequest<void>('HEAD', downloadUrl(fileName));
}
