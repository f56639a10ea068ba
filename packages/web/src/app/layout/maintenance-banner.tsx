import { lazy, Suspense } from 'react';
import { usePlatform } from '../../shared/api/index.ts';

// The announcement (maintenance-alert.tsx) loads only when there is maintenance: most visits never see it.
const MaintenanceAlert = lazy(() =>
  import('./maintenance-alert.tsx').then((module) => ({ default: module.MaintenanceAlert })),
);

/** Spec §2: the planned or started maintenance announcement, from the platform poll (`GET /platform`). */
export function MaintenanceBanner() {
  const state = usePlatform().data?.maintenance.state;
  if (!state || state === 'none') return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceAlert />
    </Suspense>
  );
}
