import { PlaceholderPage } from '../../../shared/ui/index.ts';

// Boarding-mode screens of spec §2. Each is a real routed page; the boarding engineer replaces them
// one by one (move each into its own file when it grows).

/** `login` (/brd/:uuid/:role): boarding login from the emailed link. */
export function BoardingLoginPage() {
  return <PlaceholderPage titleKey="wizard:login.title" descriptionKey="wizard:login.description" />;
}

/** `main` (/:uuid/:role): Boarding Process (Overview). */
export function BoardingOverviewPage() {
  return <PlaceholderPage titleKey="wizard:overview.title" descriptionKey="wizard:overview.description" />;
}

/** `appforms`: application forms (scope appforms/read). */
export function AppFormsPage() {
  return <PlaceholderPage titleKey="wizard:appforms.title" />;
}

/** `appfiles`: application files (scope appfiles/read). */
export function AppFilesPage() {
  return <PlaceholderPage titleKey="files:page.title" descriptionKey="files:page.description" />;
}

/** `offers` (scope offers/read). */
export function OffersPage() {
  return <PlaceholderPage titleKey="wizard:offers.title" />;
}

/** `contracts` (scope contracts/read). */
export function ContractsPage() {
  return <PlaceholderPage titleKey="wizard:contracts.title" descriptionKey="wizard:contracts.description" />;
}

/** `verification` (/verifications/:uuid/:role/:contactUuid): related person's OTP, passport check, meeting. */
export function VerificationPage() {
  return (
    <PlaceholderPage titleKey="wizard:verification.title" descriptionKey="wizard:verification.description" />
  );
}

/** `meetings` (/meetings?user_id|contact_id|lead_id&record&accept_status). */
export function MeetingsPage() {
  return <PlaceholderPage titleKey="wizard:meetings.title" />;
}
