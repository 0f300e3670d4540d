import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLazyBridge, type BridgeModule, type BridgeProps, type LazyBridge } from './lazyBridge';
import { wantOfflineEngine } from './offlineStart';

/**
 * The customer-facing offline queue for public writes (submit a ticket, answer a survey, reply from a
 * status link; DESIGN.md 5: the outbox is the one owner of offline writes). A write is stored in
 * IndexedDB with its Idempotency-Key before anything is sent, so bad signal, a reload or a closed tab
 * lose nothing and it is recorded once. The page stays usable before the offline engine (Dexie, the
 * outbox) has loaded: each feature keeps a small bridge module in its own chunk (its outbox actions
 * and a {@link publicWriteBridge} reading its queued items live), loaded when the page is idle, at
 * once when this browser remembers a write still waiting, and before a write.
 */

/** Connectivity as the offline engine sees it. */
export type PublicConnectivity = 'online' | 'offline';

/** What a bridge reports: what it read live for `subject` (undefined while reading) and connectivity. */
export interface PublicWriteLive<S, D> {
  subject: S;
  data: D | undefined;
  connectivity: PublicConnectivity;
}

/** Props of a bridge component. */
export interface PublicWriteBridgeProps<S, D> {
  subject: S;
  onChange(state: PublicWriteLive<S, D>): void;
}

/** The outbox actions every public write has (each bridge module adds its own `enqueue`). */
export interface PublicWriteActions {
  /** Removes a settled (done or rejected) item. */
  discard(seq: number): Promise<void>;
  /** Sends queued items now (ignoring backoff). */
  syncNow(): Promise<void>;
}

/**
 * The bridge component of a feature's bridge module: reads the feature's queued items for the
 * subject (`useRead`, e.g. a live IndexedDB query) and connectivity, and reports every change to
 * `onChange`. Renders nothing. The hooks come from the feature (lib does not import the engine).
 */
export function publicWriteBridge<S, D>(hooks: { useRead(subject: S): D | undefined; useConnectivity(): PublicConnectivity }) {
  const { useRead, useConnectivity } = hooks;
  return function PublicWriteBridge({ subject, onChange }: PublicWriteBridgeProps<S, D>): ReactNode {
    const data = useRead(subject);
    const connectivity = useConnectivity();
    useEffect(() => onChange({ subject, data, connectivity }), [subject, data, connectivity, onChange]);
    return null;
  };
}

/** A public write: its lazily loaded bridge and outbox actions (declare it once, at module level). */
export interface PublicWrite<S, D, A extends PublicWriteActions> {
  bridge: { Bridge: ComponentType<PublicWriteBridgeProps<S, D>>; load(): Promise<unknown> };
  actions(): Promise<A>;
}

/** The subject and data types of a bridge module whose component is a {@link publicWriteBridge}. */
type BridgeTypes<M extends BridgeModule> = BridgeProps<M> extends PublicWriteBridgeProps<infer S, infer D> ? { subject: S; data: D } : never;

/**
 * Declares a {@link PublicWrite} from a feature's lazy bridge module (lib/lazyBridge.ts), whose
 * default export is a {@link publicWriteBridge}.
 * @param pick the module's outbox actions, e.g. `(m) => m.surveyActions`.
 */
export function publicWrite<M extends BridgeModule, A extends PublicWriteActions>(
  bridge: LazyBridge<M>,
  pick: (module: M) => A,
): PublicWrite<BridgeTypes<M>['subject'], BridgeTypes<M>['data'], A> {
  return {
    bridge: bridge as unknown as PublicWrite<BridgeTypes<M>['subject'], BridgeTypes<M>['data'], A>['bridge'],
    actions: async () => {
      // The outbox is about to be used: the app starts the offline engine now if it has not yet
      // (a visitor's first visit starts it only here, lib/offlineStart.ts), so what is queued is sent.
      wantOfflineEngine();
      return pick(await bridge.load());
    },
  };
}

/** A page's handle on its public write (see {@link usePublicWrite}). */
export interface PublicWriteHandle<D, A> {
  /** What the bridge read for the current subject; undefined while reading (or before the engine loaded). */
  data: D | undefined;
  /** Connectivity as the offline engine sees it ('online' until the engine has loaded). */
  connectivity: PublicConnectivity;
  /** The outbox actions (loads the bridge's chunk). */
  actions(): Promise<A>;
  /** Removes a settled item. */
  discard(seq: number): Promise<void>;
  /** Sends queued items now (ignoring backoff). */
  retryNow(): Promise<void>;
  /** Mounts the bridge now (call it after a write). */
  start(): void;
  /** Element the page must render in the same place in every state: it reads the outbox live once the engine has loaded. */
  live: ReactNode;
}

/**
 * Links a page to its public write: the bridge mounts at once when `remembered` (this browser
 * queued a write for the subject that the page has not reported yet), else when the page is idle
 * (not with `idle` false), or on `start()`. A state reported for another subject is stale: "still
 * reading" until the bridge reports this one.
 */
export function usePublicWrite<S, D, A extends PublicWriteActions>(write: PublicWrite<S, D, A>, options: { subject: S; remembered: boolean; idle?: boolean }): PublicWriteHandle<D, A> {
  const { subject, remembered, idle = true } = options;
  const [state, setState] = useState<PublicWriteLive<S, D> | null>(null);
  const { live, start } = useLazyBridge(write.bridge, { subject, onChange: setState }, remembered, idle);
  const discard = useCallback(async (seq: number) => (await write.actions()).discard(seq), [write]);
  const retryNow = useCallback(async () => (await write.actions()).syncNow(), [write]);
  const current = state !== null && state.subject === subject ? state : null;
  return { data: current?.data, connectivity: current?.connectivity ?? state?.connectivity ?? 'online', actions: write.actions, discard, retryNow, start, live };
}
