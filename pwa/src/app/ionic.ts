/**
 * Ionic, loaded only by the screens that use it ("a light customer page"; README
 * Decisions "A light customer page"). The public pages and the app shell (header, content area)
 * are plain React; the staff screens, the phone menu and the staff header controls use Ionic
 * components, and every one of them is loaded through {@link withIonic}, which sets Ionic up
 * (`setupIonicReact`: mode, platform classes) before the first Ionic component renders.
 * Ionic's CSS (variables, dark palette, structure) stays global in main.tsx: the app's own styles
 * use its variables everywhere.
 */
import { lazyModule } from '../lib/lazyModule';
import { loadQueries } from '../lib/queries';

/**
 * Loads @ionic/react, with its gesture module (ionicGesture.ts), and runs `setupIonicReact()` once;
 * later calls share the same promise. A failed load (offline before Ionic was ever fetched) is
 * forgotten, so the next screen tries again (lib/lazyModule).
 */
export const loadIonic: () => Promise<void> = lazyModule(async () => {
  // Each import in its own `.then(({ name }) => ...)`: rolldown keeps only the names read that way;
  // a namespace passed through Promise.all would keep all of @ionic/react (1.1 MB instead of 163 KB).
  await Promise.all([import('@ionic/react').then(({ setupIonicReact }) => setupIonicReact()), import('./ionicGesture')]);
});

/**
 * Wraps a dynamic import so that Ionic is set up and the query cache loaded (lib/queries.tsx: every
 * Ionic screen reads the server through it) before the module is used, e.g.
 * `lazy(() => withIonic(() => import('../features/tickets/TicketsPage')))`. All three load in parallel.
 */
export async function withIonic<T>(load: () => Promise<T>): Promise<T> {
  const [, , mod] = await Promise.all([loadIonic(), loadQueries(), load()]);
  return mod;
}
