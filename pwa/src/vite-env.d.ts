/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Build id baked in by vite.config.ts; busts the persisted query cache on every deploy (DESIGN.md 2). */
  readonly VITE_BUILD_ID?: string;
}
