import { Navigate, useParams } from 'react-router-dom';

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

/** /receipts/deposits/:id (from the deposit drawer and the settlement's payments). */
export function DepositReceiptRoute() {
  const { id = '' } = useParams();
  const allowed = useAllowed([paths.deposits.route, 'clients/consolidation']);
  return allowed ? <DepositReceiptPage key={id} id={id} /> : denied;
}

/** /receipts/settlements/:id (from clients/consolidation). */
export function SettlementReceiptRoute() {
  const { id = '' } = useParams();
  const allowed = useAllowed(['clients/consolidation']);
  return allowed ? <SettlementReceiptPage key={id} id={id} /> : denied;
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
