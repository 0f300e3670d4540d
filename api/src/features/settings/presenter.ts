/** Settings presenter (DESIGN.md 4): a settings row -> the shared `SystemSetting` shape. */
import type { SystemSetting } from '@portal/shared';
import type { SettingRow } from '../../db/settings';

/** Row -> API shape; a missing row is `{ key, value: null, description: null, updatedAt: null }`. */
export function presentSystemSetting(key: string, row: SettingRow | undefined): SystemSetting {
  return { key, value: row?.value ?? null, description: row?.description ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}
