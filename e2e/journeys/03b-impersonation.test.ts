import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { closeBrowser, newPage, shot } from '../support/browser.ts';
import { demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

const tokensToEnd: string[] = [];

after(async () => {
  // Leave the shared server as found: end the API sessions this journey opened.
  for (const token of tokensToEnd) await api('POST', '/frusrs/logout', { token, body: {} });
  await closeBrowser();
});

const menuItem = (page: Page, id: string) => page.locator(`[data-menu-item="${id}"]`);

/** Page object of the Act as user screen. */
const impersonationPage = {
  async pickCompany(page: Page, name: string) {
    const field = page.getByTestId('impersonation-company');
    await field.click();
    await field.fill(name.slice(0, 9));
    await page.getByRole('option', { name }).click();
    await page.getByTestId('impersonation-users').waitFor();
  },
  row: (page: Page, email: string) =>
    page.getByTestId('impersonation-users').locator(`[data-email="${email}"]`),
};

describe('impersonation: provider staff act as a client user and come back', () => {
  it('the admin acts as the Standard User, sees the banner and the history, and stops', async () => {
    const admin = demoLoginByRole(/^Admin/);
    const standard = demoLoginByRole(/^Standard User/);

    const { page, context } = await newPage({ theme: 'dark', language: 'en-gb' });
    await loginAs(page, admin);
    await menuItem(page, 'impersonation').click();
    await page.getByRole('heading', { name: 'Act as a user' }).waitFor();
    await shot(page, 'impersonation-01-pick-company');

    // Staff find any client company by name (POST /merchants/company_merchants).
    await impersonationPage.pickCompany(page, 'Northwind Trading Ltd');
    assert.match(page.url(), /company=[0-9a-f-]{36}/, 'the company is kept in the URL');
    await shot(page, 'impersonation-02-users');
    await impersonationPage.row(page, standard.login).getByTestId('impersonate-user').click();
    await page.getByTestId('impersonation-confirm').click();

    // The portal reloads as the Standard User, with the persistent banner.
    const banner = page.getByTestId('impersonation-banner');
    await banner.filter({ hasText: 'You are acting as Stan Standard' }).waitFor();
    assert.match((await banner.textContent()) ?? '', /Northwind Trading Ltd/);
    await menuItem(page, 'securityHistory').waitFor();
    assert.equal(await menuItem(page, 'impersonation').count(), 0, 'the user has no staff menu');
    assert.equal(await menuItem(page, 'users').count(), 0, 'a Standard User does not manage users');
    await shot(page, 'impersonation-03-banner');
    await expectQuiet(page, 'portal while acting as a user');

    // The user's security history records the impersonation, marked as done by staff.
    await menuItem(page, 'securityHistory').click();
    const history = page.getByTestId('security-history');
    await history.waitFor();
    const row = history.locator('tbody tr').filter({ hasText: 'Impersonation' }).first();
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /by staff/);
    await banner.waitFor();
    await shot(page, 'impersonation-04-user-history');

    // Stop: the impersonated session ends and the admin is back where they started.
    await page.getByTestId('impersonation-stop').click();
    await page.waitForURL((u) => u.pathname === '/impersonate');
    await page.getByTestId('impersonation-users').waitFor();
    assert.equal(await banner.count(), 0);
    await menuItem(page, 'impersonation').waitFor();
    await shot(page, 'impersonation-05-back-to-admin');
    await context.close();
  });
});
