import {
  HORIZONTAL_LAYOUT_MIN_WIDTH,
  MENU_SHADOW_FROM,
  NAVBAR_SCROLLED_ABOVE,
  SCROLL_TO_TOP,
  SIDEBAR_AUTO_CLOSE_MAX_WIDTH,
} from '@/config/constants';

export type LayoutKind = 'vertical' | 'horizontal';

/** Horizontal only at widths >= 1200 px; below (<= 1199 px) it falls back to vertical. */
export function effectiveLayout(preferred: LayoutKind, width: number): LayoutKind {
  return preferred === 'horizontal' && width >= HORIZONTAL_LAYOUT_MIN_WIDTH ? 'horizontal' : 'vertical';
}

/** Below 1200 px the vertical sidebar is off-canvas: a toggle shows and hides it. */
export function isOverlaySidebar(width: number): boolean {
  return width < HORIZONTAL_LAYOUT_MIN_WIDTH;
}

/** After an item click the sidebar closes itself at widths of 1200 px or less. */
export function shouldAutoCloseSidebar(width: number): boolean {
  return width <= SIDEBAR_AUTO_CLOSE_MAX_WIDTH;
}

/** Navbar "scrolled" state: above 50 px. */
export function isNavbarScrolled(scrollY: number): boolean {
  return scrollY > NAVBAR_SCROLLED_ABOVE;
}

/** Menu shadow: at 100 px or more. */
export function hasMenuShadow(scrollY: number): boolean {
  return scrollY >= MENU_SHADOW_FROM;
}

/** Scroll-to-top button: after 160 px. */
export function showScrollToTop(scrollY: number): boolean {
  return scrollY > SCROLL_TO_TOP.showAfter;
}

export function easeOutCubic(t: number): number {
  const clamped = Math.min(1, Math.max(0, t));
  return 1 - (1 - clamped) ** 3;
}

/** Animates the window back to the top (250 ms, easeOutCubic). Returns a cancel function. */
export function animateScrollToTop(
  durationMs: number = SCROLL_TO_TOP.durationMs,
  win: Window = window,
): () => void {
  const start = win.scrollY;
  const reduceMotion = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (start <= 0 || durationMs <= 0 || reduceMotion) {
    win.scrollTo(0, 0);
    return () => undefined;
  }
  let frame = 0;
  let startedAt: number | undefined;
  const step = (now: number) => {
    startedAt ??= now;
    const progress = Math.min(1, (now - startedAt) / durationMs);
    win.scrollTo(0, Math.round(start * (1 - easeOutCubic(progress))));
    if (progress < 1) frame = win.requestAnimationFrame(step);
  };
  frame = win.requestAnimationFrame(step);
  return () => win.cancelAnimationFrame(frame);
}
