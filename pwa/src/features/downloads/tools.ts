import { DOWNLOAD_CATALOGUE, type ContentItem, type Platform } from '@portal/shared';

/** One row of /downloads: a built-in catalogue entry or an active 'Support Tools' content item. */
export interface Tool {
  key: string;
  title: string;
  description: string | null;
  fileName: string;
  version: string | null;
  platform: Platform | null;
  category: string;
  /** Bytes, null when unknown (file missing from storage). */
  size: number | null;
  /** Built-in entries are not content items and cannot be deleted (SPEC.md 8 'Cannot Delete'). */
  builtIn: boolean;
  /** The content item id of a managed tool. */
  contentId: string | null;
}

/** The six built-in entries (SPEC.md 2 fixed catalogue) followed by the content items, by title. */
export function buildTools(items: readonly ContentItem[]): Tool[] {
  const builtIn: Tool[] = DOWNLOAD_CATALOGUE.map((e) => ({
    key: `builtin:${e.id}`,
    title: e.title,
    description: e.description,
    fileName: e.fileName,
    version: e.version,
    platform: e.platform,
    category: e.category,
    size: e.size,
    builtIn: true,
    contentId: null,
  }));
  const managed: Tool[] = items
    .filter((i): i is ContentItem & { fileName: string } => i.fileName !== null)
    .map((i) => ({
      key: `content:${i.id}`,
      title: i.title,
      description: i.description,
      fileName: i.fileName,
      version: i.version,
      platform: i.platform,
      category: i.category,
      size: i.fileSize,
      builtIn: false,
      contentId: i.id,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return [...builtIn, ...managed];
}
