import { Badge } from '@mantine/core';
import { useUnreadMessages } from '../api.ts';

/** Unread messages from support (menu entry); refreshed by the notification stream. */
export function UnreadMessagesBadge() {
  const count = useUnreadMessages();
  return count > 0 ? (
    <Badge size="sm" color="red" circle data-testid="menu-unread">
      {count > 99 ? '99+' : count}
    </Badge>
  ) : null;
}
