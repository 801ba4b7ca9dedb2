import { describe, expect, it, vi } from 'vitest';

import { SCROLL_TO_TOP } from '@/config/constants';

import {
  animateScrollToTop,
  easeOutCubic,
  effectiveLayout,
  hasMenuShadow,
  isNavbarScrolled,
  isOverlaySidebar,
  shouldAutoCloseSidebar,
  showScrollToTop,
} from './layout';

describe('layout breakpoint', () => {
  it('is horizontal only at 1200 px or more', () => {
    expect(effectiveLayout('horizontal', 1200)).toBe('horizontal');
    expect(effectiveLayout('horizontal', 1920)).toBe('horizontal');
    expect(effectiveLayout('horizontal', 1199)).toBe('vertical');
    expect(effectiveLayout('horizontal', 375)).toBe('vertical');
    expect(effectiveLayout('vertical', 1920)).toBe('vertical');
  });

  it('puts the sidebar off-canvas below 1200 px', () => {
    expect(isOverlaySidebar(1199)).toBe(true);
    expect(isOverlaySidebar(1200)).toBe(false);
  });

  it('auto-closes the sidebar after a click at 1200 px or less', () => {
    expect(shouldAutoCloseSidebar(1200)).toBe(true);
    expect(shouldAutoCloseSidebar(800)).toBe(true);
    expect(shouldAutoCloseSidebar(1201)).toBe(false);
  });
});

describe('scroll thresholds', () => {
  it('navbar scrolled state above 50 px', () => {
    expect(isNavbarScrolled(50)).toBe(false);
    expect(isNavbarScrolled(51)).toBe(true);
  });

  it('menu shadow at 100 px or more', () => {
    expect(hasMenuShadow(99)).toBe(false);
    expect(hasMenuShadow(100)).toBe(true);
  });

  it('scroll-to-top after 160 px', () => {
    expect(showScrollToTop(160)).toBe(false);
    expect(showScrollToTop(161)).toBe(true);
  });

  it('scroll-to-top defaults', () => {
    expect(SCROLL_TO_TOP).toEqual({ showAfter: 160, durationMs: 250, easing: 'easeOutCubic', bottomOffset: 50, rightOffset: 30 });
  });

  it('easeOutCubic', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
  });

  it('animates to the top in 250 ms', () => {
    const frames: FrameRequestCallback[] = [];
    const scrollTo = vi.fn();
    const win = {
      scrollY: 1000,
      scrollTo,
      matchMedia: () => ({ matches: false }),
      requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
      cancelAnimationFrame: vi.fn(),
    } as unknown as Window;
    animateScrollToTop(250, win);
    const run = (time: number) => frames.shift()?.(time);
    run(0);
    run(125);
    run(250);
    expect(scrollTo.mock.calls.map((call) => call[1])).toEqual([1000, 125, 0]);
    expect(frames).toHaveLength(0);
  });
});
