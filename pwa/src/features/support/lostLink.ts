import { lazy } from 'react';

/**
 * The 'Lost your link?' form (LostLinkForm.tsx) in its own chunk, loaded only when asked for: /support
 * and /status/:token must be usable before it arrives (the public-route JavaScript budget).
 */
export const LazyLostLinkForm = lazy(() => import('./LostLinkForm'));
