import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { NOT_LOADED_TEXT, NO_CONNECTION_TEXT, WRITES_NEED_CONNECTION_TEXT, isNoConnection, useBrowserOnline } from '../connection';
import { formatDateTime } from '../format';
import './ui.css';

/**
 * One way for every server-backed screen to behave without a server (docs/offline.md "Screens
 * without a server"): {@link useScreenConnection} works out whether the screen's server cannot be
 * reached and since when its shown data dates, {@link ConnectionNotice} says so ('No connection to
 * the server...', 'Showing the data as of <time>', 'Try Again'), and {@link ConnectionProvider} /
 * {@link useWriteBlock} give every write button of the screen the reason it is disabled. The shared
 * Online/Offline bar itself is the offline engine's `SyncStatus`, which screens place next to the
 * notice (lib cannot import the engine; the screen passes its connectivity in).
 */

/** The state of one screen's connection to the server. */
export interface ScreenConnection {
  /** The server cannot be reached: the browser or the sync engine says offline, or a load of this screen got no answer. */
  offline: boolean;
  /** When offline: the oldest time (ms since epoch) at which the shown data was loaded; null when nothing is shown. */
  asOf: number | null;
  /** When offline: some of the screen's data was never loaded (those parts say {@link NOT_LOADED_TEXT}). */
  partial: boolean;
  /** Why writes are disabled (a text for people), or undefined while the server answers. */
  writeBlock: string | undefined;
  /** Loads the screen's failed data again ('Try Again'). */
  retry(): void;
}

/** Which cached queries belong to the screen: by default every active one that is not persisted app config. */
export type QueryMatch = (queryKey: readonly unknown[]) => boolean;

/**
 * A {@link QueryMatch} for the queries whose key starts with one of `roots` (a screen's own API
 * routes, e.g. `['/api/content']`). Every screen passes one: Ionic keeps earlier pages mounted, so
 * without it a screen's 'as of' counted their data too (issue 56 item 4).
 */
export function queryRoots(...roots: readonly unknown[]): QueryMatch {
  const set = new Set(roots);
  return (queryKey) => set.has(queryKey[0]);
}

/** The screen's queries: observed, not persisted app config, not disabled (a picker not opened yet), and matching. */
function screenQueries(all: Query[], match: QueryMatch | undefined): Query[] {
  return all.filter((q) => q.getObserversCount() > 0 && !q.isDisabled() && q.meta?.persist !== true && (!match || match(q.queryKey)));
}

/**
 * Reads the screen's queries from the TanStack Query cache (no per-query plumbing: settings'
 * sections each own theirs).
 * @param options.connectivity the offline engine's 'online' | 'offline' (features' `useConnectivity`).
 * @param options.onNoConnection called once when a load got no answer while connectivity still says
 *   online (screens pass the engine's `requestSync`, whose failed pass turns the shared bar to Offline
 *   and starts its probe; its answer turns connectivity back to online).
 * @param options.match limits the screen's queries by key (default: every active, non-persisted one).
 * When connectivity comes back online, failed queries are loaded again by themselves.
 */
export function useScreenConnection(options: { connectivity: 'online' | 'offline'; onNoConnection?(): void; match?: QueryMatch }): ScreenConnection {
  const { connectivity, onNoConnection, match } = options;
  const client = useQueryClient();
  const browserOnline = useBrowserOnline();
  const cache = client.getQueryCache();
  const snapshot = useSyncExternalStore(
    useCallback((onChange) => cache.subscribe(onChange), [cache]),
    () => {
      const qs = screenQueries(cache.getAll(), match);
      const failed = qs.some((q) => q.state.status === 'error' && isNoConnection(q.state.error));
      const loaded = qs.filter((q) => q.state.data !== undefined).map((q) => q.state.dataUpdatedAt);
      return `${failed ? 1 : 0}|${loaded.length ? Math.min(...loaded) : ''}|${loaded.length < qs.length ? 1 : 0}`;
    },
  );
  const [failedFlag, oldest, partialFlag] = snapshot.split('|');
  const failed = failedFlag === '1';
  const offline = failed || connectivity === 'offline' || !browserOnline;

  const retry = useCallback(() => {
    void client.refetchQueries({ type: 'active', predicate: (q) => screenQueries([q], match).length > 0 && q.state.status !== 'success' });
  }, [client, match]);

  // A load without an answer while the engine still says online: let the engine find out (once).
  const told = useRef(false);
  useEffect(() => {
    if (failed && connectivity === 'online' && !told.current) {
      told.current = true;
      onNoConnection?.();
    }
    if (!failed) told.current = false;
  }, [failed, connectivity, onNoConnection]);
  // Back online: load what failed again.
  const was = useRef(connectivity);
  useEffect(() => {
    if (was.current === 'offline' && connectivity === 'online' && browserOnline) retry();
    was.current = connectivity;
  }, [connectivity, browserOnline, retry]);

  const asOf = offline && oldest ? Number(oldest) : null;
  return { offline, asOf, partial: asOf !== null && partialFlag === '1', writeBlock: offline ? WRITES_NEED_CONNECTION_TEXT : undefined, retry };
}

const ConnectionContext = createContext<ScreenConnection | null>(null);

/**
 * Gives the screen's parts the connection: write controls deep in sections and forms get the
 * reason they are disabled ({@link useWriteBlock}), and lists (ResponsiveList) say 'could not be
 * loaded' instead of loading forever while the server cannot be reached.
 */
export function ConnectionProvider({ connection, children }: { connection: ScreenConnection; children: ReactNode }) {
  return <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>;
}

/** The screen's connection, or null outside a {@link ConnectionProvider}. */
export function useScreenConnectionContext(): ScreenConnection | null {
  return useContext(ConnectionContext);
}

/** The reason writes are disabled on this screen (undefined while the server answers). */
export function useWriteBlock(): string | undefined {
  return useContext(ConnectionContext)?.writeBlock;
}

/** Id of the notice's reason text, for `aria-describedby` of disabled write buttons. */
export const WRITE_BLOCK_REASON_ID = 'connection-write-reason';

/** Props for a write button: `disabled` when `busy` or blocked, with the reason as its title and description. */
export function writeProps(block: string | undefined, busy = false) {
  return block
    ? { disabled: true, title: block, 'aria-describedby': WRITE_BLOCK_REASON_ID }
    : { disabled: busy };
}

/**
 * What a part of a screen without its data says while the server cannot be reached (every part the
 * same words, so no section claims more than the others): {@link NOT_LOADED_TEXT}.
 */
export function NotLoaded({ className }: { className?: string }) {
  return <p className={className ? `muted not-loaded ${className}` : 'muted not-loaded'}>{NOT_LOADED_TEXT}</p>;
}

/**
 * The screen's notice while the server cannot be reached: 'No connection to the server. Check your
 * connection and try again.' and, when data from before is shown, 'Showing the data as of <time>.'
 * (when only some parts have data: 'Showing the data loaded as of <time>; the parts marked "Not
 * loaded yet" load when the server answers.');
 * then why changes are disabled (unless the screen has none: `writes={false}`) and 'Try Again'.
 * Renders nothing while the server answers.
 */
export function ConnectionNotice({ connection, writes = true }: { connection: ScreenConnection; writes?: boolean }) {
  if (!connection.offline) return null;
  return (
    <div className="card connection-notice" role="status">
      <p>
        <strong>{NO_CONNECTION_TEXT}</strong>
        {connection.asOf !== null &&
          (connection.partial ? (
            <> Showing the data loaded as of {formatDateTime(new Date(connection.asOf).toISOString())}; the parts marked "Not loaded yet" load when the server answers.</>
          ) : (
            <> Showing the data as of {formatDateTime(new Date(connection.asOf).toISOString())}.</>
          ))}
      </p>
      {writes && (
        <p className="muted" id={WRITE_BLOCK_REASON_ID}>
          {connection.writeBlock}
        </p>
      )}
      <button type="button" className="btn btn-outline btn-small" onClick={connection.retry}>
        Try Again
      </button>
    </div>
  );
}
