import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';
import { Page } from './page.tsx';

/**
 * Screen of an area that has not landed yet: its real title and an honest empty state.
 * The area's engineer replaces the page that uses this.
 */
export function PlaceholderPage({ titleKey, descriptionKey }: { titleKey: string; descriptionKey?: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <Page title={title} description={descriptionKey ? t(descriptionKey) : undefined}>
      <EmptyState title={t('common:placeholder.title')} description={t('common:placeholder.description')} />
    </Page>
  );
}
