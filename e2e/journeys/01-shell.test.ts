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

  it('paints a copy of the login screen before the app code arrives, where the real one then draws', async () => {
    // A phone in Russian and the light theme: the copy follows the stored language, theme and platform.
    const { page, context } = await newPage({
      viewport: { width: 390, height: 844 },
      theme: 'light',
      language: 'ru',
    });
    const boxes = async (card: string, title: string, subtitle: string) => {
      const box = async (selector: string) => {
        const b = await page.locator(selector).first().boundingBox();
        assert.ok(b, `${selector} is on screen`);
        return b;
      };
      return { card: await box(card), title: await box(title), subtitle: await box(subtitle) };
    };
    // Without the app's JavaScript only index.html, its CSS and theme-init.js run: the copy shows.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(url('/frlgn'));
    await page.locator('#first-paint .fp-card').waitFor();
    assert.equal(await page.locator('#first-paint .fp-title').innerText(), 'Вход');
    assert.equal(
      await page.locator('#first-paint .fp-subtitle').innerText(),
      'Интернет-банк для бизнеса Clearline Payments Ltd',
    );
    await shot(page, 'shell-first-paint-light-ru-390');
    const copy = await boxes('#first-paint .fp-card', '#first-paint .fp-title', '#first-paint .fp-subtitle');
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    // The copy is gone once the real screen is there, so nothing covers it.
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    const real = await boxes('.mantine-Paper-root:has(form)', 'form h2', 'form h2 + p');
    for (const part of ['card', 'title', 'subtitle'] as const)
      for (const side of ['x', 'y', 'width', 'height'] as const)
        assert.ok(
          Math.abs(copy[part][side] - real[part][side]) <= 2,
          `${part} ${side}: copy ${copy[part][side]} vs screen ${real[part][side]}`,
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
