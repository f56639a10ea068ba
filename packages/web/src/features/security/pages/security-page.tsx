import { PlaceholderPage } from '../../../shared/ui/index.ts';

/** Route `security` (/security): password, email, MFA secret (spec §1). Replaced by the identity area. */
export function SecurityPage() {
  return <PlaceholderPage titleKey="security:page.title" descriptionKey="security:page.description" />;
}
