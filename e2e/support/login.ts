import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { url } from './browser.ts';

export interface DemoLogin {
  login: string;
  password: string;
  totpSecret: string | null;
  role: string;
}

/** The demo logins the server wrote on its first start (`<DATA_DIR>/demo-logins.md`). */
export function demoLogins(dataDir = process.env.E2E_DATA_DIR): DemoLogin[] {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run journeys through e2e/run.mjs');
  const text = readFileSync(join(dataDir, 'demo-logins.md'), 'utf8');
  const rows: DemoLogin[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | login | password | TOTP secret | role |
    if (cells.length < 6 || !cells[1]?.includes('@')) continue;
    const secret = cells[3] ?? '';
    rows.push({
      login: cells[1],
      password: cells[2] ?? '',
      totpSecret: /^[A-Z2-7]+=*$/.test(secret) ? secret : null,
      role: cells[4] ?? '',
    });
  }
  return rows;
}

export function demoLogin(login: string): DemoLogin {
  const found = demoLogins().find((row) => row.login === login);
  if (!found) throw new Error(`${login} is not in demo-logins.md`);
  return found;
}

/** The first demo login whose role text matches (e.g. /Master User/). */
export function demoLoginByRole(role: RegExp): DemoLogin {
  const found = demoLogins().find((row) => role.test(row.role));
  if (!found) throw new Error(`no demo login with role ${role}`);
  return found;
}

/**
 * TOTP steps already used, kept in the run's data folder: journeys run in separate processes
 * against one server, which accepts a step once per user and only a step newer than the last.
 */
function usedStepsFile(): string {
  return join(process.env.E2E_DATA_DIR ?? tmpdir(), 'used-totp-steps.json');
}

function readUsedSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(usedStepsFile(), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

const PERIOD_MS = 30_000;
/** A previous step's code is still accepted (±1 step of drift) while this much of the step is left. */
const MIN_VALIDITY_MS = 12_000;

/**
 * A TOTP code the server will still accept once: the oldest step, newer than the last one used,
 * inside the server's ±1 step window and valid for a while yet, so a journey waits for a new
 * step only when it has already used the previous, the current and the next one.
 */
export async function freshTotp(secret: string): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / PERIOD_MS);
    const leftInStep = (current + 1) * PERIOD_MS - now;
    const last = readUsedSteps()[secret] ?? Number.NEGATIVE_INFINITY;
    const candidates = [current - 1, current, current + 1].filter(
      (step) => step > last && (step >= current || leftInStep >= MIN_VALIDITY_MS),
    );
    const step = candidates[0];
    if (step !== undefined) {
      writeFileSync(usedStepsFile(), JSON.stringify({ ...readUsedSteps(), [secret]: step }));
      return totp.generate({ timestamp: step * PERIOD_MS });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Logs in through the login page (password, then the authenticator code) and waits to leave it. */
export async function loginAs(page: Page, login: string | DemoLogin): Promise<DemoLogin> {
  const user = typeof login === 'string' ? demoLogin(login) : login;
  if (!user.totpSecret) throw new Error(`${user.login} has no TOTP secret in demo-logins.md`);
  await page.goto(url('/frlgn'));
  await page.getByTestId('login-field').fill(user.login);
  await page.getByTestId('password-field').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  const firstDigit = page.locator('input[autocomplete="one-time-code"], input[inputmode="numeric"]').first();
  await firstDigit.waitFor();
  await firstDigit.click();
  await page.keyboard.type(await freshTotp(user.totpSecret));
  await page.waitForURL((current) => !current.pathname.startsWith('/frlgn'), { timeout: 20_000 });
  return user;
}
