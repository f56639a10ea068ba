import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { url } from './browser.ts';

/** Page objects of the boarding journey: the operator console and the applicant's screens. */

export interface DemoLogin {
  login: string;
  password: string;
  secret: string;
}

/** Reads a row of `<DATA_DIR>/demo-logins.md` by login. */
export function demoLogin(login: string): DemoLogin {
  const text = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'demo-logins.md'), 'utf8');
  const row = text.split('\n').find((line) => line.startsWith(`| ${login} `));
  if (!row) throw new Error(`no demo login ${login}`);
  const [, , password = '', secret = ''] = row.split('|').map((cell) => cell.trim());
  return { login, password, secret };
}

export const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

interface Mail {
  to: string;
  subject: string;
  text?: string;
  html?: string;
  [key: string]: unknown;
}

/** Waits for the newest mail to `to` whose text matches `pattern`, and answers the first match. */
export async function mailMatch(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = (await (await fetch(url('/dev/mail.json'))).json()) as { mails: Mail[] };
    for (const mail of [...answer.mails].reverse()) {
      if (!JSON.stringify(mail.to ?? '').includes(to)) continue;
      const match = JSON.stringify(mail).replace(/\\n/g, '\n').match(pattern);
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

export class PortalLogin {
  constructor(private readonly page: Page) {}
  async signIn(who: DemoLogin): Promise<void> {
    await this.page.goto(url('/frlgn'));
    await this.page.getByLabel('Login').fill(who.login);
    await this.page.getByLabel('Password').fill(who.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    const code = this.page.getByLabel('6-digit code');
    await code.waitFor();
    await code.fill(totp(who.secret));
    await this.page.keyboard.press('Enter');
    await this.page.waitForURL((u) => !u.pathname.startsWith('/frlgn'));
  }
}

export class OperatorConsole {
  constructor(private readonly page: Page) {}
  async open(): Promise<void> {
    await this.page.goto(url('/operator'));
    await this.page.getByRole('heading', { name: 'Boarding console' }).waitFor();
  }
  async createRecord(company: string, email: string): Promise<string> {
    await this.page.getByTestId('create-record').click();
    const form = this.page.getByTestId('create-record-form');
    await form.getByLabel('Company name').fill(company);
    await form.getByLabel('Contact first name').fill('Bella');
    await form.getByLabel('Contact last name').fill('Contact');
    await form.getByLabel(/Contact email/).fill(email);
    await this.page.getByTestId('create-record-submit').click();
    await this.page.waitForURL(/\/operator\/[0-9a-f-]{36}/);
    return new URL(this.page.url()).pathname.split('/')[2] ?? '';
  }
  async tab(name: string): Promise<void> {
    await this.page.locator(`[data-tab="${name}"]`).click();
  }
}

export class BoardingApplicant {
  constructor(private readonly page: Page) {}
  /** First visit: set the password, then sign in with the mailed code. */
  async firstLogin(link: string, email: string, password: string): Promise<void> {
    await this.page.goto(url(link));
    await this.page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Repeat the password').fill(password);
    await this.page.getByRole('button', { name: 'Set password' }).click();
    await this.page.getByRole('heading', { name: 'Boarding sign in' }).waitFor();
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    const match = await mailMatch(email, /\b(\d{6})\b/);
    await this.page.getByTestId('otp-input').locator('input').first().click();
    await this.page.keyboard.type(match[1] ?? '');
    await this.page.getByRole('button', { name: 'Confirm' }).click();
    await this.page.getByRole('heading', { name: 'Boarding Process (Overview)' }).waitFor();
  }
}
