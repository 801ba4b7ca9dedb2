/** Interface settings (spec §3, §4): values, defaults, the rules between them, and their cache. */
import { readJson, safeStorage, writeJson } from '@/lib/storage';

export const LAYOUTS = ['vertical', 'horizontal'] as const;
export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export const MENU_COLORS = ['primary', 'success', 'danger', 'info', 'warning', 'dark'] as const;
export const NAVBAR_COLORS = ['default', ...MENU_COLORS] as const;
export const NAVBAR_TYPES = ['hidden', 'static', 'sticky', 'floating'] as const;
export const FOOTER_TYPES = ['hidden', 'static', 'sticky'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;

export type Layout = (typeof LAYOUTS)[number];
export type Theme = (typeof THEMES)[number];
export type MenuColor = (typeof MENU_COLORS)[number];
export type NavbarColor = (typeof NAVBAR_COLORS)[number];
export type NavbarType = (typeof NAVBAR_TYPES)[number];
export type FooterType = (typeof FOOTER_TYPES)[number];
export type Direction = (typeof DIRECTIONS)[number];

export type InterfaceSettings = {
  layout: Layout;
  theme: Theme;
  direction: Direction;
  menuTheme: MenuColor;
  navbarColor: NavbarColor;
  navbarType: NavbarType;
  footerType: FooterType;
  hideScrollToTop: boolean;
  disableCustomizer: boolean;
  sidebarCollapsed: boolean;
  toggleSidebar: boolean;
};

/** Spec §4 defaults. */
export const DEFAULT_INTERFACE_SETTINGS: Readonly<InterfaceSettings> = Object.freeze({
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

/** Semi-dark is not offered in the horizontal layout. */
export function themeOptions(layout: Layout): readonly Theme[] {
  return layout === 'horizontal' ? THEMES.filter((theme) => theme !== 'semi-dark') : THEMES;
}

/** A hidden navbar is not offered in the horizontal layout (the menu lives in it). */
export function navbarTypeOptions(layout: Layout): readonly NavbarType[] {
  return layout === 'horizontal' ? NAVBAR_TYPES.filter((type) => type !== 'hidden') : NAVBAR_TYPES;
}

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * Any stored or server value -> valid settings: unknown keys dropped, bad values replaced by the
 * defaults, and the layout rules applied (no semi-dark nor hidden navbar in horizontal).
 */
export function normalizeSettings(raw: unknown): InterfaceSettings {
  const source = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_INTERFACE_SETTINGS;
  const settings: InterfaceSettings = {
    layout: pick(LAYOUTS, source.layout, d.layout),
    theme: pick(THEMES, source.theme, d.theme),
    direction: pick(DIRECTIONS, source.direction, d.direction),
    menuTheme: pick(MENU_COLORS, source.menuTheme, d.menuTheme),
    navbarColor: pick(NAVBAR_COLORS, source.navbarColor, d.navbarColor),
    navbarType: pick(NAVBAR_TYPES, source.navbarType, d.navbarType),
    footerType: pick(FOOTER_TYPES, source.footerType, d.footerType),
    hideScrollToTop: bool(source.hideScrollToTop, d.hideScrollToTop),
    disableCustomizer: bool(source.disableCustomizer, d.disableCustomizer),
    sidebarCollapsed: bool(source.sidebarCollapsed, d.sidebarCollapsed),
    toggleSidebar: bool(source.toggleSidebar, d.toggleSidebar),
  };
  if (!themeOptions(settings.layout).includes(settings.theme)) settings.theme = 'light';
  if (!navbarTypeOptions(settings.layout).includes(settings.navbarType)) settings.navbarType = d.navbarType;
  return settings;
}

export function updateSettings(current: InterfaceSettings, patch: Partial<InterfaceSettings>): InterfaceSettings {
  return normalizeSettings({ ...current, ...patch });
}

export const LAYOUT_BODY_CLASSES = { dark: 'dark-layout', 'semi-dark': 'semi-dark-layout' } as const;

/** Body classes of a theme: dark and semi-dark add one, light none. */
export function bodyClassesFor(theme: Theme): string[] {
  return theme === 'light' ? [] : [LAYOUT_BODY_CLASSES[theme]];
}

/**
 * Puts the settings on the page: `dir` on the root element, the layout body class, and the
 * `dark` class that switches the component library's color tokens (dark mode only; semi-dark
 * darkens just the menu).
 */
export function applySettingsToDocument(settings: Pick<InterfaceSettings, 'theme' | 'direction'>, doc: Document = document) {
  doc.documentElement.dir = settings.direction;
  doc.body.classList.remove(...Object.values(LAYOUT_BODY_CLASSES));
  doc.body.classList.add(...bodyClassesFor(settings.theme));
  doc.documentElement.classList.toggle('dark', settings.theme === 'dark');
  doc.documentElement.classList.toggle('light', settings.theme !== 'dark');
  doc.documentElement.style.colorScheme = settings.theme === 'dark' ? 'dark' : 'light';
}

export const INTERFACE_SETTINGS_STORAGE_KEY = 'cofre.interfaceSettings';

/** The cache: read at start, before the server answers. */
export function readCachedSettings(storage: Storage | undefined = safeStorage()): InterfaceSettings | undefined {
  const raw = readJson(INTERFACE_SETTINGS_STORAGE_KEY, storage);
  return raw === undefined ? undefined : normalizeSettings(raw);
}

export function writeCachedSettings(settings: InterfaceSettings, storage: Storage | undefined = safeStorage()) {
  writeJson(INTERFACE_SETTINGS_STORAGE_KEY, settings, storage);
}

/**
 * The server's copy wins when it has one; otherwise the cache; otherwise the defaults. A cache
 * holding a change the server never got (`unsaved`: the page was left before the debounced save)
 * wins over the server's copy.
 */
export function initialSettings(server: unknown, cached: InterfaceSettings | undefined, unsaved = false): InterfaceSettings {
  if (unsaved && cached) return cached;
  const hasServer = Boolean(server && typeof server === 'object' && Object.keys(server).length > 0);
  if (hasServer) return normalizeSettings(server);
  return cached ?? normalizeSettings({});
}

/** Whose change the cache holds while it is not saved yet (a user id), if any. */
export const UNSAVED_SETTINGS_STORAGE_KEY = 'cofre.interfaceSettings.unsavedFor';

export function readUnsavedOwner(storage: Storage | undefined = safeStorage()): string | undefined {
  const owner = readJson(UNSAVED_SETTINGS_STORAGE_KEY, storage);
  return typeof owner === 'string' ? owner : undefined;
}

export function writeUnsavedOwner(owner: string | undefined, storage: Storage | undefined = safeStorage()) {
  if (owner !== undefined) {
    writeJson(UNSAVED_SETTINGS_STORAGE_KEY, owner, storage);
    return;
  }
  try {
    storage?.removeItem(UNSAVED_SETTINGS_STORAGE_KEY);
  } catch {
    // storage disabled: nothing was marked
  }
}
