// Boarding-mode screens of spec §2, re-exported for the router.
export { AppFilesPage } from './app-files-page.tsx';
export { AppFormsPage } from './app-forms-page.tsx';
export { BoardingLoginPage } from './boarding-login-page.tsx';
export { BoardingOverviewPage } from './boarding-overview-page.tsx';
export { ContractsPage } from './contracts-page.tsx';
export { OffersPage } from './offers-page.tsx';
export { MeetingsPage } from '../../verification/index.ts';
export { VerificationPage } from '../../verification/index.ts';
