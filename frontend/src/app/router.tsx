import { type ReactNode, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { type RouteObject, RouterProvider, createBrowserRouter, useRouteError } from 'react-router-dom';

import { AppLoader } from '@/components/app-loader';
import { ErrorScreen } from '@/components/error-screens';
import { BASE_PATH, paths } from '@/config/paths';
import { commonMessages } from '@/i18n/messages';
import { lazyWithTimeout } from '@/lib/lazy-with-timeout';

import { HomeRedirect, ScreenRoute } from './routes/screen';

// Route-level code splitting: the login page does not download the shell, and the shell does not
// download the screens until they are visited.
const LoginRoute = lazyWithTimeout(() => import('./routes/login'));
const PasswordResetRoute = lazyWithTimeout(() => import('./routes/password-reset'));
const NotAuthorizedRoute = lazyWithTimeout(() => import('./routes/not-authorized'));
const Shell = lazyWithTimeout(() => import('./routes/shell'));
const DepositReceiptRoute = lazyWithTimeout<object>(() => import('./routes/printable').then((mod) => ({ default: mod.DepositReceiptRoute })));
const SettlementReceiptRoute = lazyWithTimeout<object>(() => import('./routes/printable').then((mod) => ({ default: mod.SettlementReceiptRoute })));
const ReceiptVerifyRoute = lazyWithTimeout<object>(() => import('./routes/printable').then((mod) => ({ default: mod.ReceiptVerifyRoute })));
const InvoiceRoute = lazyWithTimeout<object>(() => import('./routes/printable').then((mod) => ({ default: mod.InvoiceRoute })));

function Loading() {
  const intl = useIntl();
  return <AppLoader label={intl.formatMessage(commonMessages.loading)} />;
}

function RouteError() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}

function lazyPage(element: ReactNode) {
  return <Suspense fallback={<Loading />}>{element}</Suspense>;
}

export function createAppRoutes(): RouteObject[] {
  return [
    { path: paths.login.path, element: lazyPage(<LoginRoute />), errorElement: <RouteError /> },
    { path: paths.passwordReset.path, element: lazyPage(<PasswordResetRoute />), errorElement: <RouteError /> },
    // Public: whoever holds a printed receipt checks its code without an account.
    { path: paths.receiptVerify.path, element: lazyPage(<ReceiptVerifyRoute />), errorElement: <RouteError /> },
    { path: paths.notAuthorized.path, element: lazyPage(<NotAuthorizedRoute />), errorElement: <RouteError /> },
    {
      path: paths.root.path,
      element: lazyPage(<Shell />),
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomeRedirect /> },
        // Printable documents of a screen's record (print CSS hides the shell): receipts and invoices.
        { path: paths.depositReceipt.path, element: lazyPage(<DepositReceiptRoute />) },
        { path: paths.settlementReceipt.path, element: lazyPage(<SettlementReceiptRoute />) },
        { path: paths.invoice.path, element: lazyPage(<InvoiceRoute />) },
        { path: '*', element: <ScreenRoute /> },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes(), { basename: BASE_PATH }));
  return <RouterProvider router={router} />;
}
