import { lazy } from 'react';

/**
 * The 'Lost your link?' form (LostLinkForm.tsx) in its own chunk: /support is in the entry, which
 * every public page loads, so the form comes only when asked for (the public-route budget).
 */
export const LazyLostLinkForm = lazy(() => import('./LostLinkForm'));
