/** Business constants of the shell (spec §9). Every number the UI depends on lives here. */

/** Compliance count poll interval for admins. */
export const COMPLIANCE_POLL_INTERVAL_MS = 10_000;

/** A lazily loaded script chunk that has not arrived after this long is a chunk load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The horizontal layout applies at widths of 1200 px or more; below (<= 1199 px) it is vertical. */
export const HORIZONTAL_LAYOUT_MIN_WIDTH = 1200;

/** The sidebar closes itself after an item click at widths of 1200 px or less. */
export const SIDEBAR_AUTO_CLOSE_MAX_WIDTH = 1200;

/** The navbar takes its "scrolled" state above this scroll offset (px). */
export const NAVBAR_SCROLLED_ABOVE = 50;

/** The menu gets a shadow when the scroll offset is this or more (px). */
export const MENU_SHADOW_FROM = 100;

/** Scroll-to-top button defaults. */
export const SCROLL_TO_TOP = {
  showAfter: 160,
  durationMs: 250,
  easing: 'easeOutCubic',
  bottomOffset: 50,
  rightOffset: 30,
} as const;

/** Translation loader: up to 5 retries, first after 350 ms, doubling each time. */
export const TRANSLATION_RETRY = { retries: 5, initialDelayMs: 350, factor: 2 } as const;

/** The default avatar image is 32x32. */
export const DEFAULT_AVATAR_IMAGE_SIZE = 32;
