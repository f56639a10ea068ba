import type { Page } from 'playwright-core';
import { url } from './browser.ts';

/** Page objects and helpers of the boarding journey: mails, the applicant's screens, signatures. */

interface Mail {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string | null;
  kind: string;
}

/** Waits for the newest mail to `to` whose text matches `pattern` (bounded), and answers the match. */
export async function mailMatch(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = (await (await fetch(url('/dev/mail.json'))).json()) as { mails: Mail[] };
    const mine = answer.mails.filter((m) => m.toAddress === to).sort((a, b) => b.id - a.id);
    for (const mail of mine) {
      const match = (mail.textBody ?? '').match(pattern);
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The id of the newest mail to `to`, so a later wait can ask for a newer one. */
export async function lastMailId(to: string): Promise<number> {
  const answer = (await (await fetch(url('/dev/mail.json'))).json()) as { mails: Mail[] };
  return Math.max(0, ...answer.mails.filter((m) => m.toAddress === to).map((m) => m.id));
}

/** Waits for a mailed 6-digit code newer than mail `afterId`. */
export async function mailedCode(to: string, afterId: number, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = (await (await fetch(url('/dev/mail.json'))).json()) as { mails: Mail[] };
    const mail = answer.mails
      .filter((m) => m.toAddress === to && m.id > afterId)
      .sort((a, b) => b.id - a.id)
      .find((m) => /code is \d{6}/.test(m.textBody ?? ''));
    const code = /code is (\d{6})/.exec(mail?.textBody ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no new code mailed to ${to}`);
}

/** Types a 6-digit code into a Mantine PinInput. */
export async function typeCode(page: Page, testId: string, code: string): Promise<void> {
  await page.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(code);
}

/** Draws a wavy stroke on the signature pad of the open signing dialog. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.waitFor();
  const box = await pad.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 14; i++)
    await page.mouse.move(box.x + 20 + i * 18, y + (i % 2 ? 14 : -14), { steps: 3 });
  await page.mouse.up();
}

/** Picks an option of a Mantine Select by its visible label. */
export async function pick(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

/** A small valid PDF (header, one empty page, trailer): the server judges uploads by content. */
export function tinyPdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R >>`,
    `<< /Length ${title.length + 30} >>\nstream\nBT /F1 10 Tf 20 100 Td (${title}) Tj ET\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The applicant's boarding screens. */
export class BoardingApplicant {
  constructor(private readonly page: Page) {}

  /** First visit of a link: set the password, sign in, confirm the mailed code, land on the overview. */
  async firstLogin(link: string, email: string, password: string): Promise<void> {
    const page = this.page;
    await page.goto(url(link));
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Boarding sign in' }).waitFor();
    const before = await lastMailId(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = await mailedCode(email, before);
    await typeCode(page, 'otp-input', code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Boarding Process (Overview)' }).waitFor();
  }

  async section(name: 'App Forms' | 'App Files' | 'Offers' | 'Contracts' | 'Overview'): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  /** The boarding session token the browser holds (session storage `id_token`). */
  async token(): Promise<string> {
    return (await this.page.evaluate(() => sessionStorage.getItem('id_token'))) ?? '';
  }
}
