import { Navigate, useParams, useSearchParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { FullLayout } from '@/components/layouts/full-layout';
import InvoicePage from '@/features/invoices/components/invoice-page';
import { DepositReceiptPage, SettlementReceiptPage } from '@/features/receipts/components/receipt-pages';
import { VerifyReceiptPage } from '@/features/receipts/components/verify-page';
import { useSessionUser } from '@/lib/auth/session';
import { isRouteAllowed } from '@/lib/permissions';

/** A printable page of a screen's record: shown to whoever may see one of `routes` (the API decides the rest). */
function useAllowed(routes: readonly string[]): boolean {
  const user = useSessionUser();
  return routes.some((route) => isRouteAllowed(route, user.menu));
}

const denied = <Navigate to={paths.notAuthorized.getHref()} replace />;

/** Staff screens that open a client's receipt (`?client=<slug>`): the API scopes the client. */
const STAFF_RECEIPT_ROUTES = ['employee/transactions', 'admin/statements', 'financial/statements'] as const;

/** The client a staff member opens a receipt of (`?client=`), undefined on a client's own receipt. */
function useReceiptClient(): string | undefined {
  const [params] = useSearchParams();
  return params.get('client') || undefined;
}

/** /receipts/deposits/:id (from the deposit drawer, the settlement's payments; staff: `?client=`). */
export function DepositReceiptRoute() {
  const { id = '' } = useParams();
  const client = useReceiptClient();
  const allowed = useAllowed(client ? STAFF_RECEIPT_ROUTES : [paths.deposits.route, 'clients/consolidation']);
  return allowed ? <DepositReceiptPage key={`${client ?? ''}:${id}`} id={id} client={client} /> : denied;
}

/** /receipts/settlements/:id (from clients/consolidation; staff: `?client=`). */
export function SettlementReceiptRoute() {
  const { id = '' } = useParams();
  const client = useReceiptClient();
  const allowed = useAllowed(client ? STAFF_RECEIPT_ROUTES : ['clients/consolidation']);
  return allowed ? <SettlementReceiptPage key={`${client ?? ''}:${id}`} id={id} client={client} /> : denied;
}

/** /admin/invoices/:number (from admin/invoices). */
export function InvoiceRoute() {
  const { number = '' } = useParams();
  const allowed = useAllowed([paths.invoices.route]);
  return allowed ? <InvoicePage key={number} number={number} /> : denied;
}

/** /receipts/verify (public: outside the shell, no session needed; the API throttles guessers). */
export function ReceiptVerifyRoute() {
  return (
    <FullLayout>
      <VerifyReceiptPage />
    </FullLayout>
  );
}
