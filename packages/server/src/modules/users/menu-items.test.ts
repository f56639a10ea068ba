import { CLIENT_USER_RIGHTS, MENU_ITEMS, menuItemsFor } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_KEYS = MENU_ITEMS.map((i) => i.key);
const menuOf = async (token: string): Promise<string[]> => {
  const res = await t.call({ method: 'GET', url: '/api/menu_items', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().menu_items;
};

describe('GET /menu_items: the server decides the menu (spec §2 menu, §6)', () => {
  it('answers every menu entry, in menu order, to a staff Master User of a MerchantService company with every right', async () => {
    const c = await makeCompany(t, { serviceCode: 'MerchantService' });
    const u = await makeUser(t, {
      merchantId: c.id,
      isMaster: true,
      rights: [...CLIENT_USER_RIGHTS],
      group: 'admin',
    });
    expect(await menuOf(u.token)).toEqual(ALL_KEYS);
  });

  it('withholds every entry that needs a right from a user without a company or rights', async () => {
    const u = await makeUser(t);
    const open = MENU_ITEMS.filter((i) => i.right === null).map((i) => i.key);
    expect(await menuOf(u.token)).toEqual(open);
  });

  it('withholds the terminals and pending/settled lists from an AccountService company, and staff tools from clients', async () => {
    const c = await makeCompany(t, { serviceCode: 'AccountService' });
    const u = await makeUser(t, { merchantId: c.id, isMaster: true, rights: [...CLIENT_USER_RIGHTS] });
    const menu = await menuOf(u.token);
    for (const i of MENU_ITEMS) {
      const service = 'service' in i ? i.service : undefined;
      const staff = 'staff' in i && i.staff;
      expect(menu.includes(i.key), i.key).toBe(service !== 'MerchantService' && !staff);
    }
  });

  it('each entry is withheld when exactly its own right (or service type, or staff state) is missing', () => {
    const everyRight = [...new Set(MENU_ITEMS.flatMap((i) => (i.right ? [i.right] : [])))];
    const full = { rights: everyRight, serviceCode: 'MerchantService' as const, isStaff: true };
    expect(menuItemsFor(full)).toEqual(ALL_KEYS);
    for (const i of MENU_ITEMS) {
      const without = [
        ...(i.right ? [{ ...full, rights: everyRight.filter((r) => r !== i.right) }] : []),
        ...('service' in i
          ? [
              { ...full, serviceCode: 'AccountService' as const },
              { ...full, serviceCode: null },
            ]
          : []),
        ...('staff' in i ? [{ ...full, isStaff: false }] : []),
      ];
      for (const viewer of without) expect(menuItemsFor(viewer), i.key).not.toContain(i.key);
      if (without.length === 0)
        expect(menuItemsFor({ rights: [], serviceCode: null, isStaff: false })).toContain(i.key);
    }
  });
});
