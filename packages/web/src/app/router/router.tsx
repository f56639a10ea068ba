import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { AccountsPage } from '../../features/accounts/pages/accounts-page.tsx';
import { AccountDetailsPage } from '../../features/accounts/pages/account-details-page.tsx';
import { DailyBalancesPage } from '../../features/accounts/pages/daily-balances-page.tsx';
import { EmailConfirmationPage } from '../../features/auth/pages/email-confirmation-page.tsx';
import { LoginPage } from '../../features/auth/pages/login-page.tsx';
import { RenewPasswordPage } from '../../features/auth/pages/renew-password-page.tsx';
import { SelfRegistrationPage } from '../../features/auth/pages/self-registration-page.tsx';
import {
  AppFilesPage,
  AppFormsPage,
  BoardingLoginPage,
  BoardingOverviewPage,
  ContractsPage,
  MeetingsPage,
  OffersPage,
  VerificationPage,
} from '../../features/boarding/pages/boarding-pages.tsx';
import { DashboardPage } from '../../features/dashboard/pages/dashboard-page.tsx';
import { DirectoryPage } from '../../features/directory/pages/directory-page.tsx';
import { ErrorPage } from '../../features/errors/pages/error-page.tsx';
import { requireSectionScope } from '../../features/boarding/route-guards.ts';
import { OperatorListPage } from '../../features/operator/pages/operator-list-page.tsx';
import { OperatorRecordPage } from '../../features/operator/pages/operator-record-page.tsx';
import { PaymentsPage } from '../../features/payments/pages/payments-page.tsx';
import { SecurityPage } from '../../features/security/pages/security-page.tsx';
import { IdentityGate } from '../../features/security/components/identity-gate.tsx';
import { SecurityHistoryPage } from '../../features/security/pages/security-history-page.tsx';
import { UserSettingsPage } from '../../features/settings/pages/user-settings-page.tsx';
import { ImpersonationPage } from '../../features/users/pages/impersonation-page.tsx';
import { UsersPage } from '../../features/users/pages/users-page.tsx';
import '../../features/users/register-rights.ts';
import { BoardingLayout } from '../layout/boarding-layout.tsx';
import { PlainLayout } from '../layout/plain-layout.tsx';
import { RootLayout } from '../layout/root-layout.tsx';
import { RouteErrorPage } from '../layout/route-error-page.tsx';
import { ShellLayout } from '../layout/shell-layout.tsx';
import { badLinkUrl, requireBoardingUser, requireUser, unknownBoardingPath, unknownPath } from './loaders.ts';
import type { RouteHandle } from './route-handle.ts';
import { boardingRouteNames as boarding, routeNames as normal } from './route-names.ts';

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
                path: normal.operator,
                element: <OperatorListPage />,
                handle: h({ name: 'operator', mode: 'normal' }),
              },
              {
                path: normal.operatorRecord,
                element: <OperatorRecordPage />,
                handle: h({ name: 'operatorRecord', mode: 'normal' }),
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

/** Created after i18n is ready: the first loaders already translate (bad-link message). */
export const createAppRouter = () => createBrowserRouter(routes);
