/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build-time fallback for the API base URL when no runtime config is present. */
  readonly VITE_API_URL?: string;
  /** Unique id of this build, defined by vite.config.ts (`dev` in the dev server, absent in tests). */
  readonly VITE_BUILD_ID?: string;
  /** Build-time fallback for the status page linked from error pages. */
  readonly VITE_STATUS_PAGE_URL?: string;
  /** Build-time fallback for the community chat linked from error pages. */
  readonly VITE_COMMUNITY_CHAT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** Set by /runtime-config.js, which the server writes at start-up. */
  __CAIRN_CONFIG__?: unknown;
}
