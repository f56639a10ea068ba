import { lazyPage } from './lazy-page.tsx';

// Pages load on demand (one chunk per page module); see lazy-page.tsx. Layouts that only a logged-in
// user reaches load the same way (lazyPage renders any named component export).
export const IdentityGate = lazyPage(
  () => import('../../features/security/components/identity-gate.tsx'),
  'IdentityGate',
);
export const BoardingLayout = lazyPage(() => import('../layout/boarding-layout.tsx'), 'BoardingLayout');
export const AccountsPage = lazyPage(
  () => import('../../features/accounts/pages/accounts-page.tsx'),
  'AccountsPage',
);
export const AccountDetailsPage = lazyPage(
  () => import('../../features/accounts/pages/account-details-page.tsx'),
  'AccountDetailsPage',
);
export const DailyBalancesPage = lazyPage(
  () => import('../../features/accounts/pages/daily-balances-page.tsx'),
  'DailyBalancesPage',
);
export const EmailConfirmationPage = lazyPage(
  () => import('../../features/auth/pages/email-confirmation-page.tsx'),
  'EmailConfirmationPage',
);
// The login screen needs only the first screen's namespaces (shared/i18n START_NAMESPACES).
export const LoginPage = lazyPage(() => import('../../features/auth/pages/login-page.tsx'), 'LoginPage', {
  translations: 'start',
});
export const RenewPasswordPage = lazyPage(
  () => import('../../features/auth/pages/renew-password-page.tsx'),
  'RenewPasswordPage',
);
export const SelfRegistrationPage = lazyPage(
  () => import('../../features/auth/pages/self-registration-page.tsx'),
  'SelfRegistrationPage',
);
const boardingPages = () => import('../../features/boarding/pages/boarding-pages.tsx');
export const AppFilesPage = lazyPage(boardingPages, 'AppFilesPage');
export const AppFormsPage = lazyPage(boardingPages, 'AppFormsPage');
export const BoardingLoginPage = lazyPage(boardingPages, 'BoardingLoginPage');
export const BoardingOverviewPage = lazyPage(boardingPages, 'BoardingOverviewPage');
export const ContractsPage = lazyPage(boardingPages, 'ContractsPage');
export const MeetingsPage = lazyPage(boardingPages, 'MeetingsPage');
export const OffersPage = lazyPage(boardingPages, 'OffersPage');
export const VerificationPage = lazyPage(boardingPages, 'VerificationPage');
export const DashboardPage = lazyPage(
  () => import('../../features/dashboard/pages/dashboard-page.tsx'),
  'DashboardPage',
);
export const StaffHomePage = lazyPage(
  () => import('../../features/operator/pages/staff-home-page.tsx'),
  'StaffHomePage',
);
export const OperatorSurveysPage = lazyPage(
  () => import('../../features/survey/pages/operator-surveys-page.tsx'),
  'OperatorSurveysPage',
);
export const OperatorToolsPage = lazyPage(
  () => import('../../features/operator/tools/operator-tools-page.tsx'),
  'OperatorToolsPage',
);
export const OperatorDirectoryPage = lazyPage(
  () => import('../../features/directory/pages/operator-directory-page.tsx'),
  'OperatorDirectoryPage',
);
export const DirectoryPage = lazyPage(
  () => import('../../features/directory/pages/directory-page.tsx'),
  'DirectoryPage',
);
export const ErrorPage = lazyPage(() => import('../../features/errors/pages/error-page.tsx'), 'ErrorPage');
export const OperatorListPage = lazyPage(
  () => import('../../features/operator/pages/operator-list-page.tsx'),
  'OperatorListPage',
);
export const OperatorRecordPage = lazyPage(
  () => import('../../features/operator/pages/operator-record-page.tsx'),
  'OperatorRecordPage',
);
const vaPages = () => import('../../features/virtual-accounts/pages/index.ts');
export const VaListPage = lazyPage(vaPages, 'VaListPage');
export const VaRequestsPage = lazyPage(vaPages, 'VaRequestsPage');
export const VaRequestPage = lazyPage(vaPages, 'VaRequestPage');
export const VaNewRequestPage = lazyPage(vaPages, 'VaNewRequestPage');
export const OperatorVaPage = lazyPage(vaPages, 'OperatorVaPage');
export const PaymentsPage = lazyPage(
  () => import('../../features/payments/pages/payments-page.tsx'),
  'PaymentsPage',
);
export const SecurityPage = lazyPage(
  () => import('../../features/security/pages/security-page.tsx'),
  'SecurityPage',
);
export const SecurityHistoryPage = lazyPage(
  () => import('../../features/security/pages/security-history-page.tsx'),
  'SecurityHistoryPage',
);
export const CompanySettingsPage = lazyPage(
  () => import('../../features/settings/pages/company-settings-page.tsx'),
  'CompanySettingsPage',
);
export const UserSettingsPage = lazyPage(
  () => import('../../features/settings/pages/user-settings-page.tsx'),
  'UserSettingsPage',
);
export const ImpersonationPage = lazyPage(
  () => import('../../features/users/pages/impersonation-page.tsx'),
  'ImpersonationPage',
);
export const MessagesPage = lazyPage(
  () => import('../../features/messages/pages/messages-page.tsx'),
  'MessagesPage',
);
export const ThreadPage = lazyPage(
  () => import('../../features/messages/pages/thread-page.tsx'),
  'ThreadPage',
);
export const OperatorCasesPage = lazyPage(
  () => import('../../features/messages/pages/operator-cases-page.tsx'),
  'OperatorCasesPage',
);
export const OperatorCasePage = lazyPage(
  () => import('../../features/messages/pages/operator-case-page.tsx'),
  'OperatorCasePage',
);
export const NotificationsPage = lazyPage(
  () => import('../../features/notices/pages/notifications-page.tsx'),
  'NotificationsPage',
);
export const OperatorNoticesPage = lazyPage(
  () => import('../../features/notices/pages/operator-notices-page.tsx'),
  'OperatorNoticesPage',
);
export const UsersPage = lazyPage(() => import('../../features/users/pages/users-page.tsx'), 'UsersPage');
export const FxPage = lazyPage(() => import('../../features/fx/pages/fx-page.tsx'), 'FxPage');
export const PayinTerminalPage = lazyPage(
  () => import('../../features/payment-requests/pages/payin-terminal-page.tsx'),
  'PayinTerminalPage',
);
export const BulkPayoutsPage = lazyPage(
  () => import('../../features/bulk-payouts/pages/bulk-payouts-page.tsx'),
  'BulkPayoutsPage',
);
export const HostedPaymentPage = lazyPage(
  () => import('../../features/payment-requests/pages/hosted-payment-page.tsx'),
  'HostedPaymentPage',
);
export const HostedLayout = lazyPage(() => import('../layout/hosted-layout.tsx'), 'HostedLayout');
export const OnchainPage = lazyPage(
  () => import('../../features/onchain/pages/onchain-page.tsx'),
  'OnchainPage',
);

const companyInfoPages = () => import('../../features/company-info/index.ts');
export const CompanyContactsPage = lazyPage(companyInfoPages, 'CompanyContactsPage');
export const ProviderContactsPage = lazyPage(companyInfoPages, 'ProviderContactsPage');
export const FeaturesAlertsPage = lazyPage(companyInfoPages, 'FeaturesAlertsPage');
