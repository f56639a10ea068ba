import { PlaceholderPage } from '../../../shared/ui/index.ts';

/** Route `email-confirmation` (/user/email-confirmation/:token). Replaced by identity. */
export function EmailConfirmationPage() {
  return (
    <PlaceholderPage titleKey="email:confirmation.title" descriptionKey="email:confirmation.description" />
  );
}
