import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { api, apiLogin } from '../support/api.ts';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { expectQuiet } from '../support/request-budget.ts';

let adminToken = '';

before(async () => {
  adminToken = await apiLogin('admin@clearline.example');
});
after(async () => {
  // Journeys share one server: leave no maintenance behind for the next file.
  await api('POST', '/maintenance/end', { token: adminToken, body: {} });
  await closeBrowser();
});

describe('maintenance', () => {
  it('planned maintenance shows a persistent banner with its start and message; Later hides it', async () => {
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const planned = await api('POST', '/maintenance/plan', {
      token: adminToken,
      body: { startsAt, message: 'Core banking upgrade; payments pause for 30 minutes.' },
    });
    assert.equal(planned.status, 200);

    for (const [theme, language, title] of [
      ['dark', 'en-gb', 'Planned maintenance'],
      ['light', 'ru', 'Плановые технические работы'],
    ] as const) {
      const { page, context } = await newPage({ theme, language });
      await page.goto(url('/frlgn'));
      const banner = page.getByTestId('maintenance-banner');
      await banner.getByText(title).waitFor();
      await banner.getByText('Core banking upgrade; payments pause for 30 minutes.').waitFor();
      await shot(page, `maintenance-planned-${theme}-${language}`);
      if (language === 'en-gb') await expectQuiet(page, 'login page with the maintenance banner');
      if (language === 'en-gb') {
        // Logged out: Later only, no Logout.
        assert.equal(await banner.getByRole('button', { name: 'Logout' }).count(), 0);
        await banner.getByRole('button', { name: 'Later' }).click();
        await banner.waitFor({ state: 'detached' });
      }
      await context.close();
    }
  });

  it('started maintenance refuses client calls with 403 and keeps the login page', async () => {
    await api('POST', '/maintenance/start', { token: adminToken, body: {} });
    // A client with the right password is told about maintenance instead of being let in.
    const refused = await api('POST', '/frusrs/tkn', {
      body: {
        login: 'master@northwind.example',
        password: createHash('sha512').update('Demo-Passw0rd!').digest('hex'),
      },
    });
    assert.equal(refused.status, 403);
    assert.equal((refused.body as { code?: string }).code, 'MAINTENANCE');
    const { page, context } = await newPage();
    await page.goto(url('/acclst'));
    await page.waitForURL((u) => u.pathname === '/frlgn');
    await context.close();
    await api('POST', '/maintenance/end', { token: adminToken, body: {} });
  });
});
