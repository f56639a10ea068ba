import { useMyProfile } from '../../shared/freshness/index.ts';
import { DashboardPage, StaffHomePage } from './pages.ts';

/**
 * The landing page (route `main`): the client dashboard, or for staff not acting for a company the
 * operator home with its work queues (issue 36) — the client widgets would wait forever for a company.
 */
export function HomePage() {
  const user = useMyProfile().data?.user;
  const isStaffHome = !!user && user.current_group !== null && !user.current_merchant;
  return isStaffHome ? <StaffHomePage /> : <DashboardPage />;
}
