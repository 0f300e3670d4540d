import { StrictMode, lazy, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/* Ionic CSS: core, structure, typography, the utilities used, and the class-based dark palette. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.class.css';
import './app/styles.css';
import './app/boot.css';
import './app/access.css';

import { App } from './app/App';
import { applyModeClass, applyThemeMode, readThemeMode } from './app/theme';

/**
 * The offline engine for the page (after the first paint, see App.tsx): registers every
 * feature's offline kinds and collections (the service worker registers the same list), then runs
 * OfflineSync (sync triggers, who is signed in, feedback toasts).
 */
const OfflineRuntime = lazy(async () => {
  const [{ registerOfflineFeatures }, { OfflineSync }] = await Promise.all([import('./offline-registry'), import('./offline')]);
  registerOfflineFeatures();
  return { default: OfflineSync };
});

/**
 * Entry: apply the remembered theme and Ionic's mode class before the first paint, render the app.
 * Ionic's JavaScript is not loaded here: the staff screens and the phone menu load it (app/ionic.ts).
 * A page whose HTML holds its prerendered heading and intro (pwa/build/pageIntros.ts) is painted
 * first: React's first render then starts in the task after that frame, instead of holding the
 * first paint for its whole length (hundreds of ms on a slow phone).
 * The first render is a transition, so React renders it in slices of about 5 ms and lets the
 * browser handle input and paint between them, instead of one long task (issue 59: Lighthouse's
 * total blocking time of the public pages fell from 33-67 ms to 0-14 ms, the technician's first
 * visit from 92 to 16 ms; docs/benchmarks.md "The first render as a transition").
 */
applyThemeMode(readThemeMode());
applyModeClass();

const root = document.getElementById('root')!;
const start = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App offline={<OfflineRuntime />} />
      </StrictMode>,
    ),
  );
// A hidden page (a background tab) paints nothing and gets no animation frame: it starts at once.
if (root.querySelector('[data-prerendered]') && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
