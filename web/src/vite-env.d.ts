/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time fallback for the API base URL when no runtime config is present. */
  readonly VITE_API_URL?: string;
  /** Unique id of this build, defined by vite.config.ts (`dev` in the dev server, absent in tests). */
  readonly VITE_BUILD_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** Set by /runtime-config.js, which the server writes at start-up. */
  __CAIRN_CONFIG__?: unknown;
}
