import { describe, expect, it } from 'vitest';

import {
  DEFAULT_INTERFACE_SETTINGS,
  INTERFACE_SETTINGS_STORAGE_KEY,
  applySettingsToDocument,
  initialSettings,
  navbarTypeOptions,
  normalizeSettings,
  readCachedSettings,
  themeOptions,
  updateSettings,
  writeCachedSettings,
} from './settings';

describe('interface settings', () => {
  it('defaults of the specification', () => {
    expect(DEFAULT_INTERFACE_SETTINGS).toEqual({
      layout: 'vertical',
      theme: 'light',
      direction: 'ltr',
      menuTheme: 'primary',
      navbarColor: 'default',
      navbarType: 'floating',
      footerType: 'static',
      hideScrollToTop: false,
      disableCustomizer: false,
      sidebarCollapsed: false,
      toggleSidebar: false,
    });
    expect(normalizeSettings(undefined)).toEqual(DEFAULT_INTERFACE_SETTINGS);
  });

  it('does not offer semi-dark in the horizontal layout', () => {
    expect(themeOptions('vertical')).toEqual(['light', 'dark', 'semi-dark']);
    expect(themeOptions('horizontal')).toEqual(['light', 'dark']);
  });

  it('does not offer a hidden navbar in the horizontal layout', () => {
    expect(navbarTypeOptions('vertical')).toEqual(['hidden', 'static', 'sticky', 'floating']);
    expect(navbarTypeOptions('horizontal')).toEqual(['static', 'sticky', 'floating']);
  });

  it('switching to horizontal drops semi-dark and a hidden navbar', () => {
    const vertical = updateSettings(DEFAULT_INTERFACE_SETTINGS, { theme: 'semi-dark', navbarType: 'hidden' });
    expect(vertical).toMatchObject({ theme: 'semi-dark', navbarType: 'hidden' });
    expect(updateSettings(vertical, { layout: 'horizontal' })).toMatchObject({ layout: 'horizontal', theme: 'light', navbarType: 'floating' });
    expect(updateSettings(updateSettings(DEFAULT_INTERFACE_SETTINGS, { layout: 'horizontal' }), { theme: 'semi-dark' }).theme).toBe('light');
  });

  it('replaces invalid values with the defaults and drops unknown keys', () => {
    expect(normalizeSettings({ theme: 'neon', menuTheme: 'danger', hideScrollToTop: 'yes', extra: 1 })).toEqual({
      ...DEFAULT_INTERFACE_SETTINGS,
      menuTheme: 'danger',
    });
  });

  it('dark and semi-dark add a body class, light removes it; direction goes on the root', () => {
    applySettingsToDocument({ theme: 'dark', direction: 'rtl' });
    expect(document.body).toHaveClass('dark-layout');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    applySettingsToDocument({ theme: 'semi-dark', direction: 'ltr' });
    expect(document.body).toHaveClass('semi-dark-layout');
    expect(document.body).not.toHaveClass('dark-layout');
    expect(document.documentElement).not.toHaveClass('dark');
    applySettingsToDocument({ theme: 'light', direction: 'ltr' });
    expect(document.body).not.toHaveClass('dark-layout');
    expect(document.body).not.toHaveClass('semi-dark-layout');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('caches in localStorage', () => {
    expect(readCachedSettings()).toBeUndefined();
    writeCachedSettings({ ...DEFAULT_INTERFACE_SETTINGS, theme: 'dark' });
    expect(JSON.parse(localStorage.getItem(INTERFACE_SETTINGS_STORAGE_KEY)!)).toMatchObject({ theme: 'dark' });
    expect(readCachedSettings()?.theme).toBe('dark');
  });

  it('starts from the server copy, else the cache, else the defaults', () => {
    const cached = { ...DEFAULT_INTERFACE_SETTINGS, theme: 'dark' as const };
    expect(initialSettings({ theme: 'semi-dark' }, cached).theme).toBe('semi-dark');
    expect(initialSettings({}, cached).theme).toBe('dark');
    expect(initialSettings(null, undefined)).toEqual(DEFAULT_INTERFACE_SETTINGS);
  });

  it('prefers a cache the server has not got yet', () => {
    const cached = { ...DEFAULT_INTERFACE_SETTINGS, theme: 'dark' as const };
    expect(initialSettings({ theme: 'semi-dark' }, cached, true).theme).toBe('dark');
    expect(initialSettings({ theme: 'semi-dark' }, undefined, true).theme).toBe('semi-dark');
  });
});
