/** The list being read (coalesces calls made while it is pending; null once it has settled). */
let reading: Promise<IDBDatabaseInfo[] | undefined> | null = null;

/**
 * Whether this browser holds the IndexedDB database `name`, WITHOUT opening it (an open creates it).
 * Resolves true when the browser cannot tell (no `indexedDB.databases()`, or it fails): callers
 * then open it as they would without this check. Never rejects. Calls made while a read is pending
 * share it (a visitor's page asks for the offline engine's and the drafts' databases in the same
 * idle moment); a later call reads again, so a database created since is seen.
 */
export async function databaseExists(name: string): Promise<boolean> {
  try {
    reading ??= Promise.resolve(globalThis.indexedDB?.databases?.()).finally(() => {
      reading = null;
    });
    const list = await reading;
    return list ? list.some((d) => d.name === name) : true;
  } catch {
    return true;
  }
}
