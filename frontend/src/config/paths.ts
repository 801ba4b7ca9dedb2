/**
 * Every path the SPA owns. Routes are relative to the router basename (BASE_PATH); menu routes come
 * from the server without a leading slash ("clients/payments") and map to "/clients/payments".
 */
export const BASE_PATH = '/plataforma';

export const paths = {
  root: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  passwordReset: { path: '/redefinir-senha', getHref: () => '/redefinir-senha' },
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
  /** Printable receipts of a paid deposit and of a settlement (clients/payments, clients/consolidation). */
  depositReceipt: { path: '/receipts/deposits/:id', getHref: (id: string, client?: string) => `/receipts/deposits/${encodeURIComponent(id)}${client ? `?client=${encodeURIComponent(client)}` : ''}` },
  /** The public verifier of a receipt's authentication code (no login). */
  receiptVerify: { path: '/receipts/verify', getHref: (code = '') => (code ? `/receipts/verify?code=${encodeURIComponent(code)}` : '/receipts/verify') },
  settlementReceipt: { path: '/receipts/settlements/:id', getHref: (id: string, client?: string) => `/receipts/settlements/${encodeURIComponent(id)}${client ? `?client=${encodeURIComponent(client)}` : ''}` },
  /** admin/invoices and one invoice's printable page. */
  invoices: { route: 'admin/invoices', getHref: () => '/admin/invoices' },
  invoice: { path: '/admin/invoices/:number', getHref: (number: string) => `/admin/invoices/${encodeURIComponent(number)}` },
  screen: { getHref: (route: string) => `/${route.replace(/^\/+/, '')}` },
} as const;

/** Absolute URL (with the /plataforma prefix) for hard navigations. */
export function absoluteHref(href: string): string {
  return `${BASE_PATH}${href.startsWith('/') ? href : `/${href}`}`;
}
