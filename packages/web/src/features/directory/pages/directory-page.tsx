import { PlaceholderPage } from '../../../shared/ui/index.ts';

/** Route `mi_ecosystem` (/cjclique): the crypto-sector directory, full height. Replaced by the directory area. */
export function DirectoryPage() {
  return <PlaceholderPage titleKey="ecosystem:page.title" descriptionKey="ecosystem:page.description" />;
}
