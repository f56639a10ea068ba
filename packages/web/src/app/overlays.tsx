import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/** Spec §9: notification z-index 6000, above modals. */
export const NOTIFICATIONS_Z_INDEX = 6000;

/**
 * The app's notification stack and its `modals.*` dialogs. Both take their orders through Mantine's
 * store and window events (`notifications.show`, `modals.openConfirmModal`), not through a context
 * of the tree under them, so they load after the first screen (providers.tsx): the login route does
 * not carry their code, and a notification shown before they arrive waits in the store.
 */
export function Overlays() {
  return (
    <ModalsProvider>
      <Notifications position="top-right" zIndex={NOTIFICATIONS_Z_INDEX} limit={5} />
    </ModalsProvider>
  );
}
