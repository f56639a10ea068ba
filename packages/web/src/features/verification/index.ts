/** What other features may use of this one; everything else in the folder is its own. */
export { MeetingsPage } from './pages/meetings-page.tsx';
export { VerificationPage } from './pages/verification-page.tsx';
