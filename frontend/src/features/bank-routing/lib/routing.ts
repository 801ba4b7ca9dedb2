import type { Plugin, ProviderRoute } from '@/api/types';

/**
 * Provider routing as an operator reads it: which bank provider serves each payment method for a
 * client (its own route, else the platform default; gateway.services.provider_for), and which
 * providers can be chosen (enabled, and collecting that method).
 */
export const PLATFORM_SCOPE = '';

export type RouteSource = 'client' | 'platform' | 'builtin';
export type RouteRow = {
  method: string;
  /** The provider that serves it; null when no route is set (the built-in default provider does). */
  provider: string | null;
  source: RouteSource;
  /** The route stored for the row's own scope (a client's, or the platform default). */
  own: ProviderRoute | undefined;
  /** The platform default route of the method. */
  platform: ProviderRoute | undefined;
};

const METHOD_ORDER = ['billet', 'pix', 'card', 'wire'];

export function compareMethods(a: string, b: string): number {
  const ra = METHOD_ORDER.indexOf(a);
  const rb = METHOD_ORDER.indexOf(b);
  if (ra >= 0 || rb >= 0) return (ra < 0 ? 99 : ra) - (rb < 0 ? 99 : rb);
  return a.localeCompare(b);
}

/** One row per payment method (and per method a stored route names), for the platform or a client. */
export function routeRows(routes: ProviderRoute[], methods: string[], tenant: string | null): RouteRow[] {
  const codes = new Set(methods);
  for (const route of routes) if (route.tenant === null || route.tenant === tenant) codes.add(route.method);
  return [...codes].sort(compareMethods).map((method) => {
    const platform = routes.find((route) => route.tenant === null && route.method === method);
    const mine = tenant === null ? platform : routes.find((route) => route.tenant === tenant && route.method === method);
    if (tenant !== null && mine) return { method, provider: mine.provider, source: 'client', own: mine, platform };
    if (platform) return { method, provider: platform.provider, source: 'platform', own: tenant === null ? platform : undefined, platform };
    return { method, provider: null, source: 'builtin', own: undefined, platform };
  });
}

export const paymentMethods = (plugins: Plugin[]) => plugins.filter((plugin) => plugin.kind === 'method');
export const bankProviders = (plugins: Plugin[]) => plugins.filter((plugin) => plugin.kind === 'provider');
/** The providers that make payouts (admin/withdraws-banks). */
export const payoutProviders = (plugins: Plugin[]) => bankProviders(plugins).filter((plugin) => plugin.payout_methods.length > 0);

/** The providers a route of `method` may name: enabled, and collecting that method. */
export function providersFor(plugins: Plugin[], method: string): Plugin[] {
  return bankProviders(plugins).filter((plugin) => plugin.enabled && plugin.methods.includes(method));
}
