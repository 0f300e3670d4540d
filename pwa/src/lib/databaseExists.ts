/**
 * Whether this browser holds the IndexedDB database `name`, WITHOUT opening it (an open creates it).
 * Resolves true when the browser cannot tell (no `indexedDB.databases()`, or it fails): callers
 * then open it as they would without this check. Never rejects.
 */
export async function databaseExists(name: string): Promise<boolean> {
  try {
    const list = await globalThis.indexedDB?.databases?.();
    return list ? list.some((d) => d.name === name) : true;
  } catch {
    return true;
  }
}
