import { MENU_ITEMS as SERVED_MENU, menuItemsFor } from '@portal/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../router/router.tsx';
import { activeMenuTarget, MENU_ITEMS, visibleMenuItems } from './menu-config.ts';

const SERVED_KEYS = SERVED_MENU.map((i) => i.key);
const MERCHANT_ONLY = [
  'payinTerminal',
  'payoutTerminal',
  'payinPending',
  'payinSettled',
  'payoutPending',
  'payoutSettled',
];

describe('side menu: the server decides, the config draws (spec §2 menu, §7 GET /menu_items)', () => {
  it('tells an unknown path from a registered one (the check below can fail)', () => {
    expect(matchRoutes(routes, '/no-such-screen')?.at(-1)?.route.path).toBe('*');
  });

  it('draws every key the server can answer, and leads each to a registered screen (no entry leads nowhere)', () => {
    for (const key of SERVED_KEYS) {
      const item = MENU_ITEMS.find((i) => i.id === key);
      expect(item, key).toBeDefined();
      if (item?.action === 'logout') continue;
      expect(item?.to, key).toBeDefined();
      const url = new URL(item?.to ?? '', 'http://portal.test');
      const matched = matchRoutes(routes, url.pathname) ?? [];
      const leaf = matched.at(-1)?.route;
      // The catch-all '*' routes send unknown paths away: a menu entry must match a real route.
      expect(leaf && leaf.path !== '*', `${key} → ${url.pathname}`).toBe(true);
    }
  });

  it('shows exactly the keys the server answered, in menu order, and nothing before it answers', () => {
    expect(visibleMenuItems(undefined)).toEqual([]);
    expect(visibleMenuItems(['logout', 'dashboard', 'unknownKey']).map((i) => i.id)).toEqual([
      'dashboard',
      'logout',
    ]);
    expect(visibleMenuItems(SERVED_KEYS).map((i) => i.id)).toEqual(SERVED_KEYS);
  });

  it('keeps the service-type rule in the one domain function: terminals and pending/settled lists for MerchantService only', () => {
    const rights = SERVED_MENU.flatMap((i) => (i.right ? [i.right] : []));
    const ids = (serviceCode: 'AccountService' | 'MerchantService' | null): string[] =>
      visibleMenuItems(menuItemsFor({ rights, serviceCode, isStaff: false })).map((i) => i.id);
    expect(ids('MerchantService')).toEqual(expect.arrayContaining(MERCHANT_ONLY));
    for (const id of MERCHANT_ONLY) {
      expect(ids('AccountService')).not.toContain(id);
      expect(ids(null)).not.toContain(id);
    }
    for (const id of ['dashboard', 'accounts', 'paymentsList', 'makePayment', 'payBalance'])
      expect([ids('AccountService').includes(id), ids('MerchantService').includes(id)]).toEqual([true, true]);
  });
});

describe('side menu highlight (issue 36)', () => {
  const staffTargets = MENU_ITEMS.filter((i) => i.id.startsWith('operator') || i.id === 'supportCases').map(
    (i) => i.to ?? '',
  );

  it('lights one operator entry on a console page, the most specific one', () => {
    expect(activeMenuTarget('/operator/cases', staffTargets)).toBe('/operator/cases');
    expect(activeMenuTarget('/operator/cases/42', staffTargets)).toBe('/operator/cases');
    expect(activeMenuTarget('/operator/virtual-accounts', staffTargets)).toBe('/operator/virtual-accounts');
    expect(activeMenuTarget('/operator', staffTargets)).toBe('/operator');
    expect(
      staffTargets.filter((to) => to === activeMenuTarget('/operator/tools', staffTargets)),
    ).toHaveLength(1);
  });
});
