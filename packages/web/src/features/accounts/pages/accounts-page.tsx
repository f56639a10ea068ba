import { PlaceholderPage } from '../../../shared/ui/index.ts';

/** Route `mi_accounts` (/acclst): the account (wallet) list. Replaced by the accounts area. */
export function AccountsPage() {
  return <PlaceholderPage titleKey="wallets:page.title" descriptionKey="wallets:page.description" />;
}
