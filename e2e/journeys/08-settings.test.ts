import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A public documentation address (TEST-NET-3): accepted as a target, never answers, so the event waits for its retry. */
const RECEIVER = 'https://203.0.113.10/hooks/payout';

async function openTab(page: Page, tab: 'main' | 'ip' | 'postbacks' | 'log' | 'notifications') {
  await page.goto(url(tab === 'main' ? '/settings/company' : `/settings/company?tab=${tab}`));
  await page.getByTestId(`company-tab-${tab}`).waitFor();
}

/** Company settings as the Master User uses them (issue 9): IP white list, postback URL, test event, log. */
describe('company settings, IP white list and postbacks', () => {
  let page: Page;
  let context: BrowserContext;
  let callerIp = '';

  before(async () => {
    ({ page, context } = await newPage({ theme: 'dark', language: 'en-gb' }));
    await page.setViewportSize(DESKTOP);
    await loginAs(page, demoLoginByRole(/Master User/));
  });
  after(() => context?.close());

  it('opens Company settings from the menu with the company details', async () => {
    await page.getByRole('link', { name: 'Company settings' }).first().click();
    await page.waitForURL((u) => u.pathname === '/settings/company');
    await page.getByTestId('company-name').waitFor();
    await shot(page, 'settings-company-main-dark-en-1440');
    await expectQuiet(page, 'company settings');
  });

  it('warns before a white list that shuts out the Master User, refuses malformed lines, saves a good list', async () => {
    await openTab(page, 'ip');
    callerIp = ((await page.getByTestId('caller-ip').textContent()) ?? '').trim();
    assert.ok(callerIp, 'the screen shows the address the server sees');
    const input = page.getByTestId('ip-whitelist-input');
    await input.fill('203.0.113.0/24\nnot-an-address');
    await page.getByTestId('ip-whitelist-problems').getByText('not-an-address').waitFor();
    await page.getByTestId('ip-lockout-warning').waitFor();
    assert.equal(await page.getByTestId('ip-whitelist-save').isDisabled(), true);
    await shot(page, 'settings-ip-lockout-dark-en-1440');

    await input.fill('203.0.113.0/24');
    await page.getByTestId('ip-whitelist-save').click();
    // Saving asks for a confirmation first; cancelling writes nothing.
    await page.getByTestId('ip-whitelist-confirm').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await input.fill(`${callerIp}\n203.0.113.0/24`);
    await page.getByTestId('ip-lockout-warning').waitFor({ state: 'detached' });
    await page.getByTestId('ip-whitelist-save').click();
    await page
      .getByText(/IP white list saved/)
      .first()
      .waitFor();
  });

  it('refuses an http URL as typed, saves an https one and shows the signing secret once', async () => {
    await openTab(page, 'postbacks');
    const payout = page.getByTestId('postback-url-payout');
    await payout.fill('http://hooks.example.com/payout');
    await page.getByText('A secure URL must be https.').waitFor();
    await payout.fill('https://127.0.0.1/payout');
    await page.getByText(/loopback, private, link-local or metadata/).waitFor();
    await shot(page, 'settings-postbacks-refused-dark-en-1440');
    await payout.fill(RECEIVER);
    await page.getByTestId('postback-urls-save').click();
    await page.getByText('Postback URLs saved.').first().waitFor();
    // The first URL creates the secret and shows it once; a rotation would show a new one.
    const secret = page.getByTestId('postback-secret');
    if (!(await secret.isVisible())) {
      await page.getByTestId('postback-rotate').click();
      await page.getByTestId('postback-rotate-confirm').click();
    }
    await secret.waitFor();
    assert.match((await secret.textContent()) ?? '', /^whsec_/);
    await shot(page, 'settings-postbacks-secret-dark-en-1440');
    await page.getByTestId('postback-secret-close').click();
  });

  it('sends a test event and sees it in the delivery log with its attempt and next try', async () => {
    await openTab(page, 'log');
    await page.getByTestId('postback-send-test').click();
    const toast = page.getByText(/Test event evt_\d+ queued/).first();
    await toast.waitFor();
    const id = /evt_(\d+)/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    const row = page.getByTestId(`postback-row-${id}`);
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /test event/);
    // The worker tries the receiver (it never answers) and schedules the next try; the log refreshes itself.
    await page.waitForFunction(
      (rowId) => {
        const cells = [...document.querySelectorAll(`[data-testid="postback-row-${rowId}"] td`)].map(
          (c) => c.textContent ?? '',
        );
        return cells[4] === '1' && cells[3] === 'Pending' && /\d/.test(cells[7] ?? '');
      },
      id,
      { timeout: 40_000 },
    );
    await shot(page, 'settings-log-dark-en-1440');
    await row.getByRole('button', { name: 'Show attempts' }).click();
    await page
      .getByTestId('postback-attempts')
      .getByText('Could not connect')
      .or(page.getByTestId('postback-attempts').getByText('No answer within 10 seconds'))
      .first()
      .waitFor();
    await shot(page, 'settings-log-attempts-dark-en-1440');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await openTab(page, 'log');
    await page.locator('[data-testid^="postback-row-"]').first().waitFor();
    await shot(page, 'settings-log-dark-en-390');
    await page.setViewportSize(DESKTOP);
  });

  it('light theme in Russian, desktop and phone', async () => {
    const { page: ru, context: ruContext } = await newPage({ theme: 'light', language: 'ru' });
    try {
      await ru.setViewportSize(DESKTOP);
      await loginAs(ru, demoLoginByRole(/Master User/));
      await openTab(ru, 'postbacks');
      await ru.getByText('URL постбэков').first().waitFor();
      await shot(ru, 'settings-postbacks-light-ru-1440');
      await openTab(ru, 'log');
      await ru.locator('[data-testid^="postback-row-"]').first().waitFor();
      await shot(ru, 'settings-log-light-ru-1440');
      await ru.setViewportSize(PHONE);
      await openTab(ru, 'ip');
      await ru.getByTestId('caller-ip').waitFor();
      await shot(ru, 'settings-ip-light-ru-390');
      await openTab(ru, 'notifications');
      await ru.getByTestId('notification-chat_webhook_url').waitFor();
      await shot(ru, 'settings-notifications-light-ru-390');
    } finally {
      await ruContext.close();
    }
  });

  it('empties the white list again, so every address may call', async () => {
    await openTab(page, 'ip');
    await page.getByTestId('ip-whitelist-input').fill('');
    await page.getByTestId('ip-whitelist-save').click();
    await page
      .getByText(/IP white list saved/)
      .first()
      .waitFor();
  });
});
