import { createElement, lazy, Suspense, useCallback, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { whenIdle } from './idle';
import { lazyModule } from './lazyModule';
import { databaseExists } from './databaseExists';
import { OFFLINE_ENGINE_DB } from './offlineStart';

/** A bridge module: its default export is the bridge component. */
export type BridgeModule = { default: (props: never) => ReactNode };
/** Props of a bridge module's component. */
export type BridgeProps<M extends BridgeModule> = Parameters<M['default']>[0];

/**
 * A page's link to code it needs soon but not for its first paint, in its own chunk:
 * e.g. a public form's link to the offline engine (Dexie, the outbox), whose default export is a
 * component that renders nothing and reports live state to the page. See {@link useLazyBridge}.
 * Used by the public writes (lib/publicWrite.ts: the support form, the survey, the status page).
 */
export interface LazyBridge<M extends BridgeModule> {
  /** Loads the module once (one shared promise; a failed load is tried again on the next call). */
  load(): Promise<M>;
  /** The module's default export, lazily loaded. */
  Bridge: LazyExoticComponent<ComponentType<BridgeProps<M>>>;
  /** Another component of the module, lazily loaded from the same chunk (e.g. a view shown only once the bridge reports). */
  component<Q extends object>(pick: (module: M) => ComponentType<Q>): LazyExoticComponent<ComponentType<Q>>;
}

/**
 * Declares a {@link LazyBridge} (at module level, once per page family).
 * @param load the dynamic import, e.g. `() => import('./QueueBridge')`.
 */
export function lazyBridge<M extends BridgeModule>(load: () => Promise<M>): LazyBridge<M> {
  const get = lazyModule(load);
  return {
    load: get,
    Bridge: lazy(get as () => Promise<{ default: ComponentType<BridgeProps<M>> }>),
    component: (pick) => lazy(() => get().then((m) => ({ default: pick(m) }))),
  };
}

/**
 * Mounts a {@link LazyBridge}'s component when it is needed: at once when `now` is true on the first
 * render (e.g. a request from an earlier visit is still waiting), else when the page is idle
 * (`whenIdle`, within a second; not with `idle` false), or earlier on `start()` (e.g. on submit). Until its chunk has
 * arrived it renders nothing. On a first visit (this browser holds no offline engine database,
 * lib/offlineStart.ts) the idle step only loads the module, so a submit without signal needs no
 * network, and mounts nothing: its live reads would create the database with every table of its
 * schema, for a page that has nothing queued (issue 59).
 * @returns `live`, the element the page must render (keep it in the same place in every state, so
 *   switching views never remounts it), and `start`.
 */
export function useLazyBridge<P extends object>(
  bridge: { Bridge: ComponentType<P>; load?(): Promise<unknown> },
  props: P,
  now: boolean,
  /** false: never on idle, only `now` or `start()` (a page that rarely needs the bridge, e.g. the status page). */
  idle = true,
): { live: ReactNode; start(): void } {
  const [on, setOn] = useState(now);
  useEffect(() => {
    if (on || !idle) return;
    let live = true;
    const cancel = whenIdle(() => {
      void databaseExists(OFFLINE_ENGINE_DB).then((exists) => {
        if (!live) return;
        if (exists || !bridge.load) setOn(true);
        else void bridge.load().catch(() => undefined);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [on, idle, bridge]);
  const start = useCallback(() => setOn(true), []);
  const live = on ? createElement(Suspense, { fallback: null }, createElement(bridge.Bridge, props)) : null;
  return { live, start };
}
