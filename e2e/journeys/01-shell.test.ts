import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

describe('browser shell', () => {
  it('renders the login page in dark theme by default, with the app area blurred', async () => {
    const { page, context } = await newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(url('/frlgn'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('data-mantine-color-scheme'), 'dark');
    // The login form itself is public; the menu of the protected app behind it is blurred and inert.
    const filter = await page.getByTestId('side-menu').evaluate((el) => getComputedStyle(el).filter);
    assert.match(filter, /blur/);
    assert.equal(await page.getByTestId('platform-name').textContent(), 'Clearline Payments Ltd');
    await shot(page, 'shell-login-dark-en-gb');
    await expectQuiet(page, 'login page');
    // The page runs under the server's CSP without violations (no inline scripts).
    assert.deepEqual(
      consoleErrors.filter((e) => /Content Security Policy/i.test(e)),
      [],
    );
    await context.close();
  });

  it('switches the labels to Russian and keeps the choice after a reload', async () => {
    const { page, context } = await newPage();
    await page.goto(url('/frlgn'));
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByTestId('language-select').click();
    await page.locator('[data-lang="ru"]').click();
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Sign in' }).count(), 0);
    await page.reload();
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    await page.getByTestId('theme-toggle').click();
    assert.equal(await page.locator('html').getAttribute('data-mantine-color-scheme'), 'light');
    await shot(page, 'shell-login-light-ru');
    await context.close();
  });

  it('sends an unknown path to / (which, logged out, asks to log in and returns to / after it)', async () => {
    const { page, context } = await newPage();
    await page.goto(url('/no/such/page?x=1'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const landed = new URL(page.url());
    assert.equal(landed.pathname, '/frlgn');
    // `/` is the default target after login, so it is not repeated in the query.
    assert.equal(landed.searchParams.get('redirect') ?? '/', '/');
    await context.close();
  });

  it('shows the spec message for a bad boarding link', async () => {
    const { page, context } = await newPage({ theme: 'light' });
    const message = 'Link you are trying to visit is incorrect, please use the link from your email.';
    for (const path of [
      '/brd/6f1c1d1e-0b7a-4bde-9d43-5c3f0c7a9a11',
      '/6f1c1d1e-0b7a-4bde-9d43-5c3f0c7a9a11/bc/nonsense',
    ]) {
      await page.goto(url(path));
      await page.getByText(message).waitFor();
    }
    await shot(page, 'shell-bad-boarding-link-light');
    await context.close();
  });

  it('shows the message of /err from its query', async () => {
    const { page, context } = await newPage();
    await page.goto(url('/err?m=Session%20was%20closed%20by%20the%20administrator'));
    await page.getByText('Session was closed by the administrator').waitFor();
    await context.close();
  });
});
