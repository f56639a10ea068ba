import { PlaceholderPage } from '../../../shared/ui/index.ts';

/** Route `slfrgn` (/frusrs/slfrgn/:code): self-registration from an invitation. Replaced by identity. */
export function SelfRegistrationPage() {
  return (
    <PlaceholderPage
      titleKey="login:selfRegistration.title"
      descriptionKey="login:selfRegistration.description"
    />
  );
}
