import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { type GuardedSection, requireSectionScope } from './boarding-guards.ts';
import { registerRightsLoader } from '../../shared/session/index.ts';
import { PlainLayout } from '../layout/plain-layout.tsx';
import { RootLayout } from '../layout/root-layout.tsx';
import { RouteErrorPage } from '../layout/route-error-page.tsx';
import { ShellLayout } from '../layout/shell-layout.tsx';
import { withPagePreloads } from './lazy-page.tsx';
import { badLinkUrl, requireBoardingUser, requireUser, unknownBoardingPath, unknownPath } from './loaders.ts';
import { HomePage } from './home-page.tsx';
import * as page from './pages.ts';
import type { RouteHandle } from '../../shared/routes/route-handle.ts';
import {
  type BoardingRouteName,
  boardingRouteNames as boarding,
  type RouteName,
  routeNames as normal,
} from '../../shared/routes/route-names.ts';

// The rights of a logged-in user (GET /frusrs/rights): the users area's client loads with the first call,
// so the login route does not carry it.
registerRightsLoader(() => import('../../features/users/api.ts').then((m) => m.loadMyRights()));

type Extra = Omit<RouteHandle, 'name' | 'mode'>;

/** A portal screen: its path and its handle's name are its spec §2 route name (route-names.ts). */
const screen = (name: RouteName, Page: ComponentType, extra: Extra = {}): RouteObject => ({
  path: normal[name],
  element: <Page />,
  handle: { name, mode: 'normal', ...extra } satisfies RouteHandle,
});

/** A boarding screen reached from an emailed link, outside the boarding layout (no applicant yet). */
const boardingEntry = (name: BoardingRouteName, Page: ComponentType, extra: Extra = {}): RouteObject => ({
  path: boarding[name],
  element: <Page />,
  handle: { name, mode: 'boarding', isPublic: true, ...extra } satisfies RouteHandle,
});

/** A section of an applicant's boarding, relative to /:uuid/:role/, open only within its scope. */
const boardingSection = (name: GuardedSection, Page: ComponentType): RouteObject => ({
  path: boarding[name].replace(/^\/:uuid\/:role\//, ''),
  loader: requireSectionScope(name),
  element: <Page />,
  handle: { name, mode: 'boarding' } satisfies RouteHandle,
});

/**
 * Route registry. To add a screen: add its name/path to `route-names.ts` and its lazy page to
 * `pages.ts`, then a route here under the right group (protected portal, public, or boarding).
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
            element: <page.IdentityGate />,
            children: [
              {
                index: true,
                element: <HomePage />,
                handle: { name: 'main', mode: 'normal' } satisfies RouteHandle,
              },
              screen('mi_accounts', page.AccountsPage),
              screen('mi_daily_balances', page.DailyBalancesPage),
              screen('mi_account', page.AccountDetailsPage),
              screen('mi_acc_payments', page.PaymentsPage),
              screen('mi_paybalance', page.PaymentsPage),
              screen('mi_ecosystem', page.DirectoryPage, { fullHeight: true }),
              screen('security', page.SecurityPage),
              screen('securityHistory', page.SecurityHistoryPage),
              screen('userSettings', page.UserSettingsPage),
              screen('companySettings', page.CompanySettingsPage),
              screen('users', page.UsersPage),
              screen('impersonation', page.ImpersonationPage),
              screen('fx', page.FxPage),
              screen('payinTerminal', page.PayinTerminalPage),
              screen('bulkPayouts', page.BulkPayoutsPage),
              screen('onchain', page.OnchainPage),
              screen('operator', page.OperatorListPage),
              screen('mi_virtual_accounts', page.VaListPage),
              screen('mi_va_requests', page.VaRequestsPage),
              screen('mi_va_request', page.VaRequestPage),
              screen('mi_va_new', page.VaNewRequestPage),
              screen('operatorVirtualAccounts', page.OperatorVaPage),
              screen('operatorSurveys', page.OperatorSurveysPage),
              screen('operatorTools', page.OperatorToolsPage),
              screen('operatorDirectory', page.OperatorDirectoryPage),
              screen('operatorRecord', page.OperatorRecordPage),
              screen('messageThread', page.ThreadPage),
              screen('messages', page.MessagesPage),
              screen('notifications', page.NotificationsPage),
              screen('companyContacts', page.CompanyContactsPage),
              screen('providerContacts', page.ProviderContactsPage),
              screen('featuresAlerts', page.FeaturesAlertsPage),
              screen('operatorCases', page.OperatorCasesPage),
              screen('operatorCase', page.OperatorCasePage),
              screen('operatorNotices', page.OperatorNoticesPage),
            ],
          },
          screen('login', page.LoginPage, { isPublic: true }),
          screen('slfrgn', page.SelfRegistrationPage, { isPublic: true }),
          screen('renewp', page.RenewPasswordPage, { isPublic: true }),
          screen('email-confirmation', page.EmailConfirmationPage, { isPublic: true }),
        ],
      },
      {
        // Header only: error page and the boarding entry points reached from emails.
        element: <PlainLayout />,
        children: [
          // One route serves normal /err and boarding /err/:uuid?/:role?.
          {
            path: boarding.err,
            element: <page.ErrorPage />,
            handle: { name: 'err', mode: 'normal', isPublic: true } satisfies RouteHandle,
          },
          boardingEntry('login', page.BoardingLoginPage),
          boardingEntry('verification', page.VerificationPage, { ignoresMaintenance: true }),
          boardingEntry('meetings', page.MeetingsPage),
        ],
      },
      {
        // The customer's hosted payment page: its own minimal layout, no login (issue 14).
        element: <page.HostedLayout />,
        children: [screen('hostedPayment', page.HostedPaymentPage, { isPublic: true })],
      },
      // /brd/{uuid} alone (and /brd) is an invalid link: straight to the boarding error page.
      { path: '/brd/:uuid?', loader: ({ params }) => redirect(badLinkUrl(params.uuid)) },
      {
        path: boarding.main,
        id: 'boarding',
        loader: requireBoardingUser,
        element: <page.BoardingLayout />,
        children: [
          {
            index: true,
            element: <page.BoardingOverviewPage />,
            handle: { name: 'main', mode: 'boarding' } satisfies RouteHandle,
          },
          boardingSection('appforms', page.AppFormsPage),
          boardingSection('appfiles', page.AppFilesPage),
          boardingSection('offers', page.OffersPage),
          boardingSection('contracts', page.ContractsPage),
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
    page.LoginPage.preload().catch(() => undefined);
}

/** Created after i18n is ready: the first loaders already translate (bad-link message). */
export const createAppRouter = () => createBrowserRouter(withPagePreloads(routes));
