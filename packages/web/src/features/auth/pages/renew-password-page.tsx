import { PlaceholderPage } from '../../../shared/ui/index.ts';

/** Route `renewp` (/frusrs/renewp/:code): password renewal. Replaced by identity. */
export function RenewPasswordPage() {
  return (
    <PlaceholderPage titleKey="login:renewPassword.title" descriptionKey="login:renewPassword.description" />
  );
}
