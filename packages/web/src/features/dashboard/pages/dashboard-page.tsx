import { PlaceholderPage } from '../../../shared/ui/index.ts';

/** Route `main` (''): the dashboard. Widgets arrive with their areas (spec §2 "Dashboard widgets"). */
export function DashboardPage() {
  return (
    <PlaceholderPage
      titleKey="common:pages.dashboard.title"
      descriptionKey="common:pages.dashboard.description"
    />
  );
}
