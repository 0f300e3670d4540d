import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';

/* Ionic CSS: core, structure, typography, the utilities used, and the class-based dark palette. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.class.css';
import './app/styles.css';

import { App } from './app/App';
import { applyThemeMode, readThemeMode } from './app/theme';
import { registerOfflineFeatures } from './offline-registry';

/**
 * Entry: apply the remembered theme before the first paint, register every feature's offline
 * kinds and collections (the service worker registers the same list), set up Ionic, render the app.
 */
applyThemeMode(readThemeMode());
registerOfflineFeatures();
setupIonicReact();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
