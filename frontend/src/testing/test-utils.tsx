import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { type Location, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

import type { MenuEntry, SessionUser } from '@/api/types';
import en from '@/i18n/en.json';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import ptBR from '@/i18n/pt-BR.json';
import { SessionProvider } from '@/lib/auth/session';
import { system } from '@/lib/theme';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

type Options = Omit<RenderOptions, 'wrapper'> & {
  locale?: Locale;
  route?: string;
  /** Route pattern the element is mounted at (default "*"). */
  path?: string;
  queryClient?: QueryClient;
  extraRoutes?: ReactNode;
};

/** Renders with the app's providers (English catalog by default) inside a memory router. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { locale = 'en', route = '/', path = '*', queryClient = createTestQueryClient(), extraRoutes, ...rest } = options;
  const result = render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLocale={locale} catalogs={{ en, 'pt-BR': ptBR }}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={path} element={ui} />
              {extraRoutes}
            </Routes>
          </MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>
    </ChakraProvider>,
    rest,
  );
  return { ...result, queryClient };
}

/** A screen rendered for a signed-in `user` at `route`; `search()` reads the URL's query as the screen leaves it. */
export function renderScreenAt(ui: ReactElement, { user, route }: { user: SessionUser; route: string }) {
  const seen: { location?: Location } = {};
  function Probe() {
    seen.location = useLocation();
    return null;
  }
  renderWithProviders(
    <SessionProvider user={user}>
      {ui}
      <Probe />
    </SessionProvider>,
    { route },
  );
  return { search: () => new URLSearchParams(seen.location!.search) };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Stubs global fetch with a handler per "METHOD /path" (path without the /api prefix or query).
 * GET /auth/csrf answers a token unless a test says otherwise; anything else unmocked is a 404.
 */
export function mockFetch(routes: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api/, '').split('?')[0];
    const handler = routes[`${method} ${path}`] ?? (path === '/auth/csrf' ? { csrfToken: 'test-token' } : undefined);
    if (handler === undefined) return jsonResponse({ code: 'not_found', message: `no mock for ${method} ${path}` }, 404);
    return typeof handler === 'function' ? (handler as Handler)(url, init) : jsonResponse(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

type MenuEntryIn = Omit<MenuEntry, 'write'> & { write?: boolean };
type UserOverrides = Partial<Omit<SessionUser, 'menu'>> & { menu?: MenuEntryIn[] };

/** A session user as GET /api/auth/me sends it; menu entries take `write` from `can_write` unless given. */
export function makeUser(overrides: UserOverrides = {}): SessionUser {
  const { menu, ...rest } = overrides;
  const canWrite = rest.can_write ?? true;
  const entries: MenuEntryIn[] = menu ?? [
    { route: 'clients/home', group: 'client_reports' },
    { route: 'clients/metrics', group: 'client_reports' },
    { route: 'clients/payments', group: 'client_finance' },
    { route: 'clients/withdraws', group: 'client_finance' },
  ];
  return {
    id: 1,
    email: 'ana@acme.test',
    userName: 'Ana Souza',
    role: 'client',
    userRole: 'client',
    modules: [],
    feature_toggles: [],
    company_name: 'Acme',
    // A cast: openapi.json names two schemas ClientOut (accounts, payouts) and the last one wins.
    client: { name: 'Acme' } as SessionUser['client'],
    // A cast: openapi.json names two schemas TenantOut (accounts, backoffice) and the last one wins.
    tenant: { slug: 'acme', name: 'Acme', kind: 'client' } as SessionUser['tenant'],
    language: 'en',
    avatar_url: null,
    interface_settings: {},
    home: 'clients/home',
    ...rest,
    can_write: canWrite,
    menu: entries.map((entry) => ({ ...entry, write: entry.write ?? canWrite })),
  };
}
