import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { api } from '../support/api.ts';
import { closeBrowser, newPage, shot } from '../support/browser.ts';
import { loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

describe('logout', () => {
  it('ends the session on the server: the old token opens nothing afterwards', async () => {
    const { page, context } = await newPage();
    // The dashboard's first new-transactions check (3 s after login) refreshes its figures once.
    const firstPoll = page.waitForResponse((r) => r.url().includes('/api/notifications/new_transactions'));
    await loginAs(page, 'master@northwind.example');
    const token = await page.evaluate(() => sessionStorage.getItem('id_token'));
    assert.ok(token);
    assert.equal((await api('GET', '/frusrs/rights', { token })).status, 200);
    await page.getByTestId('available-row').first().waitFor();
    await firstPoll;
    await expectQuiet(page, 'dashboard');

    await page.getByTestId('user-menu').click();
    await shot(page, 'logout-user-menu-dark');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/frlgn');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('id_token')), null);

    // The browser forgot the token, and the server refuses it even if it was copied.
    const deadline = Date.now() + 5_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await api('GET', '/frusrs/rights', { token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 401);
    await context.close();
  });
});
