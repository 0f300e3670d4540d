/** Maps content rows to the shared API shape (SPEC.md 3 `content_items`). */
import type { ContentItem } from '@portal/shared';
import type { ContentItemRow } from './repository';

/**
 * Row -> ContentItem. `fileSizes` maps stored file names to their size in bytes; an item whose file
 * is not stored gets `fileSize: null`.
 */
export function presentContentItem(row: ContentItemRow, fileSizes: ReadonlyMap<string, number>): ContentItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    // Rows always have a category when written through the API; older rows may not.
    category: row.category ?? 'Documentation',
    fileName: row.fileName,
    version: row.version,
    platform: row.platform,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fileSize: row.fileName ? (fileSizes.get(row.fileName) ?? null) : null,
  };
}
