import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { freshTotp } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(async () => {
  // Journeys share one server: give the Master User back the language and theme it had.
  const token = await apiLogin('master@northwind.example');
  await api('POST', '/frusrs/change_settings', { token, body: { ui_language: 'en-gb', ui_theme: 'dark' } });
  await closeBrowser();
});

interface DemoLogin {
  login: string;
  password: string;
  secret: string;
}

/** The demo logins table the server writes on first start (login | password | TOTP secret | role). */
function demoLogin(match: RegExp): DemoLogin {
  const file = join(process.env.E2E_DATA_DIR ?? '.data', 'demo-logins.md');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length >= 5 && match.test(cells[4] ?? '')) {
      return { login: cells[1] ?? '', password: cells[2] ?? '', secret: cells[3] ?? '' };
    }
  }
  throw new Error(`no demo login matches ${match}`);
}

/**
 * A TOTP code that stays valid for the next few seconds (waits out the end of a 30-second step) and
 * that no other login of this run used: the server accepts each code once, and the `after` hook logs
 * the Master User in again through the API within the same step.
 */
async function totp(secret: string): Promise<string> {
  const remaining = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (remaining < 4) await new Promise((r) => setTimeout(r, remaining * 1000 + 200));
  return freshTotp(secret.replace(/\s+/g, ''));
}

/** Page object of the login screen and its MFA steps. */
const loginPage = {
  async credentials(page: Page, login: string, password: string) {
    await page.getByTestId('login-field').fill(login);
    await page.getByTestId('password-field').fill(password);
    await page.getByTestId('password-field').press('Enter');
  },
  async code(page: Page, code: string) {
    const first = page.getByTestId('mfa-code').locator('input').first();
    await first.waitFor();
    await first.click();
    await page.keyboard.type(code);
  },
};

interface Mail {
  toAddress: string;
  subject: string;
  textBody: string;
}

async function mailTo(address: string): Promise<Mail> {
  for (let i = 0; i < 40; i++) {
    const response = await fetch(url(`/dev/mail.json?to=${encodeURIComponent(address)}`));
    const { mails } = (await response.json()) as { mails: Mail[] };
    const mail = mails.find((m) => m.toAddress === address);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${address}`);
}

const menuItem = (page: Page, id: string) => page.locator(`[data-menu-item="${id}"]`);

describe('identity: from the first login to an invited user with limited rights', () => {
  const invitee = {
    email: `ada.${Date.now()}@northwind.example`,
    first: 'Ada',
    last: 'Lovelace',
    password: 'Analytical-Engine-1843',
  };

  it('the Master User logs in with a TOTP code, changes language and theme, and invites a user', async () => {
    const master = demoLogin(/^Master User/);
    const { page, context } = await newPage();
    await page.goto(url('/'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot(page, 'identity-01-login');

    await loginPage.credentials(page, master.login, master.password);
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await shot(page, 'identity-02-code');
    // The dashboard's first new-transactions check (3 s after login) refreshes its figures once.
    const firstPoll = page.waitForResponse((r) => r.url().includes('/api/notifications/new_transactions'));
    await loginPage.code(page, await totp(master.secret));
    await page.waitForURL((u) => u.pathname === '/');
    await menuItem(page, 'users').waitFor();
    await shot(page, 'identity-03-dashboard');
    await page.getByTestId('available-row').first().waitFor();
    await firstPoll;
    await expectQuiet(page, 'dashboard after login');

    // Settings: Russian and light theme, saved to the profile and applied at once.
    await menuItem(page, 'userSettings').click();
    await page.getByTestId('settings-language').click();
    await page.getByRole('option', { name: 'Русский' }).click();
    await page.getByTestId('theme-light').click({ force: true });
    await page.getByTestId('settings-save').click();
    await page.getByRole('heading', { name: 'Настройки пользователя' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('data-mantine-color-scheme'), 'light');
    await shot(page, 'identity-04-settings-ru-light');

    // Invite a Standard User with Create payments only.
    await menuItem(page, 'users').click();
    await page.getByTestId('users-table').waitFor();
    await shot(page, 'identity-05-users-ru-light');
    await expectQuiet(page, 'users');
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-first-name').fill(invitee.first);
    await page.getByTestId('invite-last-name').fill(invitee.last);
    await page.getByTestId('invite-email').fill(invitee.email);
    // Spec §5 through the domain's normalizeRights: approve needs create, approve own needs approve.
    const rights = page.getByTestId('rights-fields');
    const right = (name: string) => rights.locator(`[data-right="${name}"]`);
    assert.equal(await right('approve').isDisabled(), true);
    await right('create').check();
    await right('approve').check();
    await right('approveOwn').check();
    await right('create').uncheck();
    assert.equal(await right('approve').isChecked(), false);
    assert.equal(await right('approveOwn').isChecked(), false);
    assert.equal(await right('approveOwn').isDisabled(), true);
    await right('create').check();
    await shot(page, 'identity-06-invite-dialog');
    await page.getByTestId('invite-submit').click();
    await page.getByTestId('invitations-table').locator(`[data-email="${invitee.email}"]`).waitFor();
    await shot(page, 'identity-07-invitations');
    await context.close();
  });

  it('the invited user registers from the mail, sets up MFA and sees only what the rights allow', async () => {
    const mail = await mailTo(invitee.email);
    const link = /https?:\/\/\S+\/frusrs\/slfrgn\/\S+/.exec(mail.textBody)?.[0];
    assert.ok(link, 'the invitation mail carries a self-registration link');
    const { page, context } = await newPage({ theme: 'dark', language: 'en-gb' });
    await page.goto(url(new URL(link).pathname));
    await page.getByTestId('invited-email').filter({ hasText: invitee.email }).waitFor();
    await page.getByTestId('new-password').fill('short');
    await shot(page, 'identity-08-registration-policy');
    await page.getByTestId('new-password').fill(invitee.password);
    await page.getByTestId('confirm-password').fill(invitee.password);
    await page.getByRole('button', { name: 'Register' }).click();

    // Back on the login page with the login prefilled; the first login sets up MFA.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByTestId('login-field').inputValue(), invitee.email);
    await page.getByTestId('password-field').fill(invitee.password);
    await page.getByTestId('password-field').press('Enter');
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    const secret = (await page.getByTestId('mfa-secret').textContent()) ?? '';
    await page.getByTestId('mfa-qr').waitFor();
    await shot(page, 'identity-09-mfa-setup');
    await loginPage.code(page, await totp(secret));
    await page.waitForURL((u) => u.pathname === '/');
    await menuItem(page, 'security').waitFor();

    // A Standard User without users/manage: no User management in the menu, and the page says so.
    assert.equal(await menuItem(page, 'users').count(), 0);
    await shot(page, 'identity-10-invitee-dashboard');
    await menuItem(page, 'security').click();
    await page.getByTestId('mfa-status').waitFor();
    await shot(page, 'identity-11-security');
    // Auto-approve needs approve rights, which this user does not have.
    await menuItem(page, 'userSettings').click();
    assert.equal(await page.getByTestId('auto-approve').isDisabled(), true);
    await menuItem(page, 'securityHistory').click();
    await page.getByTestId('security-history').waitFor();
    await shot(page, 'identity-12-security-history');
    await expectQuiet(page, 'security history');
    await context.close();
  });
});
