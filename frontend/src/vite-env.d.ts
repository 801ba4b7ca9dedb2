/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Value of the X-ORIGEM header sent on every API call (spec §7). Defaults to "vercel". */
  readonly VITE_ORIGEM?: string;
  /** API prefix; the backend serves everything under /api on the same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
