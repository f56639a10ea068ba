import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { requireSectionScope } from '../../features/boarding/route-guards.ts';
import { registerRightsLoader } from '../../shared/session/index.ts';
import { PlainLayout } from '../layout/plain-layout.tsx';
import { RootLayout } from '../layout/root-layout.tsx';
import { RouteErrorPage } from '../layout/route-error-page.tsx';
import { ShellLayout } from '../layout/shell-layout.tsx';
import { lazyPage, withPagePreloads } from './lazy-page.tsx';
import { badLinkUrl, requireBoardingUser, requireUser, unknownBoardingPath, unknownPath } from './loaders.ts';
import type { RouteHandle } from './route-handle.ts';
import { boardingRouteNames as boarding, routeNames as normal } from './route-names.ts';

// The rights of a logged-in user (GET /frusrs/rights): the users area's client loads with the first call,
// so the login route does not carry it.
registerRightsLoader(() => import('../../features/users/api.ts').then((m) => m.loadMyRights()));

// Pages load on demand (one chunk per page module); see lazy-page.tsx. Layouts that only a logged-in
// user reaches load the same way (lazyPage renders any named component export).
const IdentityGate = lazyPage(
  () => import('../../features/security/components/identity-gate.tsx'),
  'IdentityGate',
);
const BoardingLayout = lazyPage(() => import('../layout/boarding-layout.tsx'), 'BoardingLayout');
const AccountsPage = lazyPage(
  () => import('../../features/accounts/pages/accounts-page.tsx'),
  'AccountsPage',
);
const AccountDetailsPage = lazyPage(
  () => import('../../features/accounts/pages/account-details-page.tsx'),
  'AccountDetailsPage',
);
const DailyBalancesPage = lazyPage(
  () => import('../../features/accounts/pages/daily-balances-page.tsx'),
  'DailyBalancesPage',
);
const EmailConfirmationPage = lazyPage(
  () => import('../../features/auth/pages/email-confirmation-page.tsx'),
  'EmailConfirmationPage',
);
// The login screen needs only the first screen's namespaces (shared/i18n START_NAMESPACES).
const LoginPage = lazyPage(() => import('../../features/auth/pages/login-page.tsx'), 'LoginPage', {
  translations: 'start',
});
const RenewPasswordPage = lazyPage(
  () => import('../../features/auth/pages/renew-password-page.tsx'),
  'RenewPasswordPage',
);
const SelfRegistrationPage = lazyPage(
  () => import('../../features/auth/pages/self-registration-page.tsx'),
  'SelfRegistrationPage',
);
const boardingPages = () => import('../../features/boarding/pages/boarding-pages.tsx');
const AppFilesPage = lazyPage(boardingPages, 'AppFilesPage');
const AppFormsPage = lazyPage(boardingPages, 'AppFormsPage');
const BoardingLoginPage = lazyPage(boardingPages, 'BoardingLoginPage');
const BoardingOverviewPage = lazyPage(boardingPages, 'BoardingOverviewPage');
const ContractsPage = lazyPage(boardingPages, 'ContractsPage');
const MeetingsPage = lazyPage(boardingPages, 'MeetingsPage');
const OffersPage = lazyPage(boardingPages, 'OffersPage');
const VerificationPage = lazyPage(boardingPages, 'VerificationPage');
const DashboardPage = lazyPage(
  () => import('../../features/dashboard/pages/dashboard-page.tsx'),
  'DashboardPage',
);
const OperatorSurveysPage = lazyPage(
  () => import('../../features/survey/pages/operator-surveys-page.tsx'),
  'OperatorSurveysPage',
);
const OperatorToolsPage = lazyPage(
  () => import('../../features/operator/tools/operator-tools-page.tsx'),
  'OperatorToolsPage',
);
const OperatorDirectoryPage = lazyPage(
  () => import('../../features/directory/pages/operator-directory-page.tsx'),
  'OperatorDirectoryPage',
);
const DirectoryPage = lazyPage(
  () => import('../../features/directory/pages/directory-page.tsx'),
  'DirectoryPage',
);
const ErrorPage = lazyPage(() => import('../../features/errors/pages/error-page.tsx'), 'ErrorPage');
const OperatorListPage = lazyPage(
  () => import('../../features/operator/pages/operator-list-page.tsx'),
  'OperatorListPage',
);
const OperatorRecordPage = lazyPage(
  () => import('../../features/operator/pages/operator-record-page.tsx'),
  'OperatorRecordPage',
);
const vaPages = () => import('../../features/virtual-accounts/pages/index.ts');
const VaListPage = lazyPage(vaPages, 'VaListPage');
const VaRequestsPage = lazyPage(vaPages, 'VaRequestsPage');
const VaRequestPage = lazyPage(vaPages, 'VaRequestPage');
const VaNewRequestPage = lazyPage(vaPages, 'VaNewRequestPage');
const OperatorVaPage = lazyPage(vaPages, 'OperatorVaPage');
const PaymentsPage = lazyPage(
  () => import('../../features/payments/pages/payments-page.tsx'),
  'PaymentsPage',
);
const SecurityPage = lazyPage(
  () => import('../../features/security/pages/security-page.tsx'),
  'SecurityPage',
);
const SecurityHistoryPage = lazyPage(
  () => import('../../features/security/pages/security-history-page.tsx'),
  'SecurityHistoryPage',
);
const CompanySettingsPage = lazyPage(
  () => import('../../features/settings/pages/company-settings-page.tsx'),
  'CompanySettingsPage',
);
const UserSettingsPage = lazyPage(
  () => import('../../features/settings/pages/user-settings-page.tsx'),
  'UserSettingsPage',
);
const ImpersonationPage = lazyPage(
  () => import('../../features/users/pages/impersonation-page.tsx'),
  'ImpersonationPage',
);
const MessagesPage = lazyPage(
  () => import('../../features/messages/pages/messages-page.tsx'),
  'MessagesPage',
);
const ThreadPage = lazyPage(() => import('../../features/messages/pages/thread-page.tsx'), 'ThreadPage');
const OperatorCasesPage = lazyPage(
  () => import('../../features/messages/pages/operator-cases-page.tsx'),
  'OperatorCasesPage',
);
const OperatorCasePage = lazyPage(
  () => import('../../features/messages/pages/operator-case-page.tsx'),
  'OperatorCasePage',
);
const NotificationsPage = lazyPage(
  () => import('../../features/notices/pages/notifications-page.tsx'),
  'NotificationsPage',
);
const OperatorNoticesPage = lazyPage(
  () => import('../../features/notices/pages/operator-notices-page.tsx'),
  'OperatorNoticesPage',
);
const UsersPage = lazyPage(() => import('../../features/users/pages/users-page.tsx'), 'UsersPage');
const FxPage = lazyPage(() => import('../../features/fx/pages/fx-page.tsx'), 'FxPage');
const PayinTerminalPage = lazyPage(
  () => import('../../features/payment-requests/pages/payin-terminal-page.tsx'),
  'PayinTerminalPage',
);
const BulkPayoutsPage = lazyPage(
  () => import('../../features/bulk-payouts/pages/bulk-payouts-page.tsx'),
  'BulkPayoutsPage',
);
const HostedPaymentPage = lazyPage(
  () => import('../../features/payment-requests/pages/hosted-payment-page.tsx'),
  'HostedPaymentPage',
);
const HostedLayout = lazyPage(() => import('../layout/hosted-layout.tsx'), 'HostedLayout');
const OnchainPage = lazyPage(() => import('../../features/onchain/pages/onchain-page.tsx'), 'OnchainPage');

const companyInfoPages = () => import('../../features/company-info/index.ts');
const CompanyContactsPage = lazyPage(companyInfoPages, 'CompanyContactsPage');
const ProviderContactsPage = lazyPage(companyInfoPages, 'ProviderContactsPage');
const FeaturesAlertsPage = lazyPage(companyInfoPages, 'FeaturesAlertsPage');

const h = (handle: RouteHandle): RouteHandle => handle;
const rel = (path: string): string => path.replace(/^\/:uuid\/:role\//, '');

/**
 * Route registry. To add a screen: add its name/path to `route-names.ts`, then a route object here
 * under the right group (protected portal, public, or boarding), with a `handle`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Portal shell: header + side menu.
        element: <ShellLayout />,
        children: [
          {
            id: 'protected',
            loader: requireUser,
            // Email confirmation prompt (blurs the app area), company switcher, saved UI settings.
            element: <IdentityGate />,
            children: [
              { index: true, element: <DashboardPage />, handle: h({ name: 'main', mode: 'normal' }) },
              {
                path: normal.mi_accounts,
                element: <AccountsPage />,
                handle: h({ name: 'mi_accounts', mode: 'normal' }),
              },
              {
                path: normal.mi_daily_balances,
                element: <DailyBalancesPage />,
                handle: h({ name: 'mi_daily_balances', mode: 'normal' }),
              },
              {
                path: normal.mi_account,
                element: <AccountDetailsPage />,
                handle: h({ name: 'mi_account', mode: 'normal' }),
              },
              {
                path: normal.mi_acc_payments,
                element: <PaymentsPage />,
                handle: h({ name: 'mi_acc_payments', mode: 'normal' }),
              },
              {
                path: normal.mi_paybalance,
                element: <PaymentsPage />,
                handle: h({ name: 'mi_paybalance', mode: 'normal' }),
              },
              {
                path: normal.mi_ecosystem,
                element: <DirectoryPage />,
                handle: h({ name: 'mi_ecosystem', mode: 'normal', fullHeight: true }),
              },
              {
                path: normal.security,
                element: <SecurityPage />,
                handle: h({ name: 'security', mode: 'normal' }),
              },
              {
                path: normal.securityHistory,
                element: <SecurityHistoryPage />,
                handle: h({ name: 'securityHistory', mode: 'normal' }),
              },
              {
                path: normal.userSettings,
                element: <UserSettingsPage />,
                handle: h({ name: 'userSettings', mode: 'normal' }),
              },
              {
                path: normal.companySettings,
                element: <CompanySettingsPage />,
                handle: h({ name: 'companySettings', mode: 'normal' }),
              },
              {
                path: normal.users,
                element: <UsersPage />,
                handle: h({ name: 'users', mode: 'normal' }),
              },
              {
                path: normal.impersonation,
                element: <ImpersonationPage />,
                handle: h({ name: 'impersonation', mode: 'normal' }),
              },
              {
                path: normal.fx,
                element: <FxPage />,
                handle: h({ name: 'fx', mode: 'normal' }),
              },
              {
                path: normal.payinTerminal,
                element: <PayinTerminalPage />,
                handle: h({ name: 'payinTerminal', mode: 'normal' }),
              },
              {
                path: normal.bulkPayouts,
                element: <BulkPayoutsPage />,
                handle: h({ name: 'bulkPayouts', mode: 'normal' }),
              },
              {
                path: normal.onchain,
                element: <OnchainPage />,
                handle: h({ name: 'onchain', mode: 'normal' }),
              },
              {
                path: normal.operator,
                element: <OperatorListPage />,
                handle: h({ name: 'operator', mode: 'normal' }),
              },
              {
                path: normal.mi_virtual_accounts,
                element: <VaListPage />,
                handle: h({ name: 'mi_virtual_accounts', mode: 'normal' }),
              },
              {
                path: normal.mi_va_requests,
                element: <VaRequestsPage />,
                handle: h({ name: 'mi_va_requests', mode: 'normal' }),
              },
              {
                path: normal.mi_va_request,
                element: <VaRequestPage />,
                handle: h({ name: 'mi_va_request', mode: 'normal' }),
              },
              {
                path: normal.mi_va_new,
                element: <VaNewRequestPage />,
                handle: h({ name: 'mi_va_new', mode: 'normal' }),
              },
              {
                path: normal.operatorVirtualAccounts,
                element: <OperatorVaPage />,
                handle: h({ name: 'operatorVirtualAccounts', mode: 'normal' }),
              },
              {
                path: normal.operatorSurveys,
                element: <OperatorSurveysPage />,
                handle: h({ name: 'operatorSurveys', mode: 'normal' }),
              },
              {
                path: normal.operatorTools,
                element: <OperatorToolsPage />,
                handle: h({ name: 'operatorTools', mode: 'normal' }),
              },
              {
                path: normal.operatorDirectory,
                element: <OperatorDirectoryPage />,
                handle: h({ name: 'operatorDirectory', mode: 'normal' }),
              },
              {
                path: normal.operatorRecord,
                element: <OperatorRecordPage />,
                handle: h({ name: 'operatorRecord', mode: 'normal' }),
              },
              {
                path: normal.messageThread,
                element: <ThreadPage />,
                handle: h({ name: 'messageThread', mode: 'normal' }),
              },
              {
                path: normal.messages,
                element: <MessagesPage />,
                handle: h({ name: 'messages', mode: 'normal' }),
              },
              {
                path: normal.notifications,
                element: <NotificationsPage />,
                handle: h({ name: 'notifications', mode: 'normal' }),
              },
              {
                path: normal.companyContacts,
                element: <CompanyContactsPage />,
                handle: h({ name: 'companyContacts', mode: 'normal' }),
              },
              {
                path: normal.providerContacts,
                element: <ProviderContactsPage />,
                handle: h({ name: 'providerContacts', mode: 'normal' }),
              },
              {
                path: normal.featuresAlerts,
                element: <FeaturesAlertsPage />,
                handle: h({ name: 'featuresAlerts', mode: 'normal' }),
              },
              {
                path: normal.operatorCases,
                element: <OperatorCasesPage />,
                handle: h({ name: 'operatorCases', mode: 'normal' }),
              },
              {
                path: normal.operatorCase,
                element: <OperatorCasePage />,
                handle: h({ name: 'operatorCase', mode: 'normal' }),
              },
              {
                path: normal.operatorNotices,
                element: <OperatorNoticesPage />,
                handle: h({ name: 'operatorNotices', mode: 'normal' }),
              },
            ],
          },
          {
            path: normal.login,
            element: <LoginPage />,
            handle: h({ name: 'login', mode: 'normal', isPublic: true }),
          },
          {
            path: normal.slfrgn,
            element: <SelfRegistrationPage />,
            handle: h({ name: 'slfrgn', mode: 'normal', isPublic: true }),
          },
          {
            path: normal.renewp,
            element: <RenewPasswordPage />,
            handle: h({ name: 'renewp', mode: 'normal', isPublic: true }),
          },
          {
            path: normal['email-confirmation'],
            element: <EmailConfirmationPage />,
            handle: h({ name: 'email-confirmation', mode: 'normal', isPublic: true }),
          },
        ],
      },
      {
        // Header only: error page and the boarding entry points reached from emails.
        element: <PlainLayout />,
        children: [
          // One route serves normal /err and boarding /err/:uuid?/:role?.
          {
            path: boarding.err,
            element: <ErrorPage />,
            handle: h({ name: 'err', mode: 'normal', isPublic: true }),
          },
          {
            path: boarding.login,
            element: <BoardingLoginPage />,
            handle: h({ name: 'login', mode: 'boarding', isPublic: true }),
          },
          {
            path: boarding.verification,
            element: <VerificationPage />,
            handle: h({ name: 'verification', mode: 'boarding', isPublic: true, ignoresMaintenance: true }),
          },
          {
            path: boarding.meetings,
            element: <MeetingsPage />,
            handle: h({ name: 'meetings', mode: 'boarding', isPublic: true }),
          },
        ],
      },
      // /brd/{uuid} alone (and /brd) is an invalid link: straight to the boarding error page.
      {
        // The customer's hosted payment page: its own minimal layout, no login (issue 14).
        element: <HostedLayout />,
        children: [
          {
            path: normal.hostedPayment,
            element: <HostedPaymentPage />,
            handle: h({ name: 'hostedPayment', mode: 'normal', isPublic: true }),
          },
        ],
      },
      { path: '/brd/:uuid?', loader: ({ params }) => redirect(badLinkUrl(params.uuid)) },
      {
        path: boarding.main,
        id: 'boarding',
        loader: requireBoardingUser,
        element: <BoardingLayout />,
        children: [
          { index: true, element: <BoardingOverviewPage />, handle: h({ name: 'main', mode: 'boarding' }) },
          {
            path: rel(boarding.appforms),
            loader: requireSectionScope('appforms'),
            element: <AppFormsPage />,
            handle: h({ name: 'appforms', mode: 'boarding' }),
          },
          {
            path: rel(boarding.appfiles),
            loader: requireSectionScope('appfiles'),
            element: <AppFilesPage />,
            handle: h({ name: 'appfiles', mode: 'boarding' }),
          },
          {
            path: rel(boarding.offers),
            loader: requireSectionScope('offers'),
            element: <OffersPage />,
            handle: h({ name: 'offers', mode: 'boarding' }),
          },
          {
            path: rel(boarding.contracts),
            loader: requireSectionScope('contracts'),
            element: <ContractsPage />,
            handle: h({ name: 'contracts', mode: 'boarding' }),
          },
          { path: '*', loader: unknownBoardingPath },
        ],
      },
      { path: '*', loader: unknownPath },
    ],
  },
];

/**
 * Where the login screen is the first one (public/theme-init.js marks <html> for its static first paint),
 * its code is fetched at once, beside the translations, rather than after the router's first render.
 */
export function preloadFirstScreen(): void {
  if (document.documentElement.getAttribute('data-first-paint') === 'login')
    LoginPage.preload().catch(() => undefined);
}

/** Created after i18n is ready: the first loaders already translate (bad-link message). */
export const createAppRouter = () => createBrowserRouter(withPagePreloads(routes));
