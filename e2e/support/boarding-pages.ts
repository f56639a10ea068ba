import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { api } from './api.ts';
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
/** An ISO date as a user types it in the boarding date fields (day first: dd/mm/yyyy in en-gb). */
export const typedDate = (iso: string, separator = '/'): string => iso.split('-').reverse().join(separator);

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

/** A related person as the forms take it: these defaults, then the given names, email and roles. */
export const relatedPerson = (
  o: { first_name: string; last_name: string; email: string } & Record<string, unknown>,
) => ({
  birth_date: '1979-08-21',
  document: {
    type: 'passport',
    number: '533380006',
    issuedCountryCode: 'GB',
    issuedBy: 'HM Passport Office',
    issuedDate: '2020-02-11',
    expirationDate: '2030-02-11',
  },
  position: 'Director',
  residence_address: { country: 'GB', zip: 'SW1A 1AA', city: 'London', street: '10 Downing Street' },
  has_bankruptcy: false,
  aml: {
    pep: false,
    pepRelativeOrAssociate: false,
    convicted: false,
    investigated: false,
    licenceSuspended: false,
    bankruptcy: false,
  },
  ...o,
});

/** The two related persons of the journeys: Oliver (AS, LR, BO 60 %) and Sophie (BO 40 %). */
export function demoRelatedPersons(oliverEmail: string, sophieEmail: string) {
  return {
    oliver: relatedPerson({
      first_name: 'Oliver',
      last_name: 'Bennett',
      email: oliverEmail,
      is_as: true,
      is_lr: true,
      is_bo: true,
      ownership: '60',
      authority: { basis: 'Board resolution', issue_date: '2021-04-01' },
    }),
    sophie: relatedPerson({
      first_name: 'Sophie',
      last_name: 'Turner',
      birth_date: '1985-03-02',
      email: sophieEmail,
      is_as: false,
      is_lr: false,
      is_bo: true,
      ownership: '40',
      document: {
        type: 'passport',
        number: '612345678',
        issuedCountryCode: 'GB',
        issuedBy: 'HM Passport Office',
        issuedDate: '2021-06-01',
        expirationDate: '2031-06-01',
      },
    }),
  };
}

/** `it` for steps that build on each other: after a failure the rest are skipped, not timed out. */
export function sequentialSteps() {
  let failed = false;
  return (name: string, fn: () => Promise<void>) =>
    it(name, async (t) => {
      if (failed) return t.skip('an earlier step failed');
      try {
        await fn();
      } catch (error) {
        failed = true;
        throw error;
      }
    });
}

/**
 * Fills the company questionnaire and adds the related persons through the API with the
 * applicant's own boarding session (the journeys check them on screen, not type them in).
 */
/** Activity answers that make the crypto and PFP questionnaires required, with both filled in. */
export const QUESTIONNAIRES = {
  activity: { crypto_services: true, payment_facilitator: true },
  crypto: {
    services: ['exchange', 'transfer'],
    assets: ['BTC', 'ETH', 'USDT'],
    networks: ['bitcoin', 'ethereum', 'tron'],
    custody: 'third_party',
    custodian_name: 'Ledger Vault Custody SAS',
    travel_rule: { compliant: true, provider: 'Notabene' },
    licence: { licensed: true, regulator: 'Bank of Lithuania', number: 'VASP-2023-118', country: 'LT' },
    monthly_volume_eur: '1250000',
  },
  pfp: {
    sub_merchant_count: 140,
    mccs: ['5411', '5812', '5999'],
    countries: ['GB', 'IE', 'LT'],
    monthly_volume_eur: '900000',
    average_ticket_eur: '42.50',
    chargeback_ratio: '0.45',
    refund_ratio: '1.2',
    sub_merchant_kyc: true,
  },
};

export async function fillFormsByApi(
  token: string,
  companyName: string,
  website: string,
  persons: readonly Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  const saved = await api('PUT', '/boarding/forms', {
    token,
    body: {
      company: {
        company_name: companyName,
        registration_number: '09876543',
        websites: [website],
        is_micro_enterprise: false,
        legal_address: { country: 'GB', zip: 'EC2A 4NE', city: 'London', street: '1 Long Lane' },
        registered_address: { country: 'GB', zip: 'EC2A 4NE', city: 'London', street: '1 Long Lane' },
        licence: { has_licence: false },
        segregated_account: true,
        fatca: { registered: true, giin: '98Q96B.00000.LE.250' },
        turnover: {
          monthly_volume_eur: '250000.00',
          monthly_quantity: 1200,
          min_amount_eur: '10',
          max_amount_eur: '50000',
        },
        pci_dss: { compliant: false },
        activity: { crypto_services: false, payment_facilitator: false },
        ...extra,
      },
    },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  for (const body of persons) {
    const added = await api('POST', '/boarding/forms/persons', { token, body });
    assert.equal(added.status, 200, JSON.stringify(added.body));
  }
}
