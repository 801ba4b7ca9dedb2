/**
 * Every path the SPA owns. Routes are relative to the router basename (BASE_PATH); menu routes come
 * from the server without a leading slash ("clients/payments") and map to "/clients/payments".
 */
export const BASE_PATH = '/plataforma';

export const paths = {
  root: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  notAuthorized: { path: '/misc/not-authorized', getHref: () => '/misc/not-authorized' },
  profile: { route: 'user/profile', getHref: () => '/user/profile' },
  pagesProfile: { route: 'pages/profile', getHref: () => '/pages/profile' },
  /** Staff transactions; `q` is the list's search (our id, the bank's transaction id, a document). */
  transactions: {
    route: 'employee/transactions',
    getHref: (q?: string) => (q ? `/employee/transactions?q=${encodeURIComponent(q)}` : '/employee/transactions'),
  },
  /** Client deposits; `deposit` opens one deposit's detail. */
  deposits: {
    route: 'clients/payments',
    getHref: (deposit?: string) =>
      deposit ? `/clients/payments?deposit=${encodeURIComponent(deposit)}` : '/clients/payments',
  },
  clientHome: { route: 'clients/home', getHref: () => '/clients/home' },
  screen: { getHref: (route: string) => `/${route.replace(/^\/+/, '')}` },
} as const;

/** Absolute URL (with the /plataforma prefix) for hard navigations. */
export function absoluteHref(href: string): string {
  return `${BASE_PATH}${href.startsWith('/') ? href : `/${href}`}`;
}
