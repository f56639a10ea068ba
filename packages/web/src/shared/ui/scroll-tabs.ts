import type { CSSProperties } from 'react';

/**
 * Mobile layout rule (issue 19): tab rows never wrap into several lines; on a narrow screen they
 * scroll sideways inside their own row. Spread on `<Tabs.List style={...}>`.
 */
export const scrollingTabList: CSSProperties = {
  flexWrap: 'nowrap',
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollbarWidth: 'none',
};

/** The phone breakpoint of the mobile layout rule: below it lists become cards. */
export const PHONE_QUERY = '(max-width: 36em)';
