import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { PersonInput } from '@portal/domain';
import { PDFDocument } from '@cantoo/pdf-lib';
import { makeUser } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

/** Test helpers for boarding: records created through the console, logins through link + OTP. */

export const sha512 = (plain: string) => createHash('sha512').update(plain).digest('hex');
export const PASSWORD = 'Str0ng-Boarding!';
export const policy = { length: 16, alpha_capitals: 2, numbers: 1, special_chars: 2 };

export async function makeAdmin(t: TestApp) {
  return (await makeUser(t, { group: 'admin' })).token;
}

export async function createRecord(t: TestApp, admin: string, overrides: Record<string, string> = {}) {
  const email = overrides.contact_email ?? `bc-${Math.random().toString(36).slice(2, 8)}@applicant.example`;
  const res = await t.call({
    method: 'POST',
    url: '/api/operator/boarding',
    token: admin,
    payload: {
      company_name: 'Nordlicht Trading Ltd',
      contact_email: email,
      contact_first_name: 'Maria',
      contact_last_name: 'Keller',
      ...overrides,
    },
  });
  if (res.statusCode !== 200) throw new Error(`create record: ${res.body}`);
  return { uuid: res.json().uuid as string, email };
}

/** The last code mailed to `to` (the OTP mail). */
export async function lastCode(t: TestApp, to: string) {
  const [mail] = await t.deps.mail.outbox(to, 1);
  const code = /code is (\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** The contact `email` of `role` sets PASSWORD on the record (a no-op once a password is set). */
export async function setBoardingPassword(t: TestApp, uuid: string, role: string, email: string) {
  await t.call({
    method: 'POST',
    url: `/api/crm_accounts/set_pss/${uuid}/${role}`,
    payload: { eml: email, pss: sha512(PASSWORD), ...policy },
  });
}

/** Set password (if needed), login, confirm the mailed code → a full boarding token. */
export async function loginAs(t: TestApp, uuid: string, role: string, email: string) {
  await setBoardingPassword(t, uuid, role, email);
  const login = await t.call({
    method: 'POST',
    url: `/api/crm_accounts/lgn/${uuid}/${role}`,
    payload: { eml: email, pss: sha512(PASSWORD) },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  const { token: pre, contact_uuid } = login.json();
  const otp = await t.call({
    method: 'POST',
    url: '/api/security/otp_tkn/boarding_verification',
    token: pre,
    payload: { acc_uuid: uuid, contact_uuid, otp_code: await lastCode(t, email) },
  });
  if (otp.statusCode !== 200) throw new Error(`otp: ${otp.body}`);
  return otp.json().token as string;
}

export const COMPANY = {
  company_name: 'Nordlicht Trading Ltd',
  registration_number: '09876543',
  websites: ['https://nordlicht.example'],
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
};

/** A complete crypto questionnaire (required when `activity.crypto_services` is yes). */
export const CRYPTO_QUESTIONNAIRE = {
  services: ['exchange', 'transfer'],
  assets: ['BTC', 'ETH', 'USDT'],
  networks: ['bitcoin', 'ethereum', 'tron'],
  custody: 'third_party',
  custodian_name: 'Ledger Vault Custody SAS',
  travel_rule: { compliant: true, provider: 'Notabene' },
  licence: { licensed: true, regulator: 'Bank of Lithuania', number: 'VASP-2023-118', country: 'LT' },
  monthly_volume_eur: '1250000',
};

/** A complete PFP questionnaire (required when `activity.payment_facilitator` is yes). */
export const PFP_QUESTIONNAIRE = {
  sub_merchant_count: 140,
  mccs: ['5411', '5812', '5999'],
  countries: ['GB', 'IE', 'LT'],
  monthly_volume_eur: '900000',
  average_ticket_eur: '42.50',
  chargeback_ratio: '0.45',
  refund_ratio: '1.2',
  sub_merchant_kyc: true,
};

export function person(overrides: Partial<PersonInput> = {}): PersonInput {
  return {
    first_name: 'Oliver',
    last_name: 'Bennett',
    birth_date: '1979-08-21',
    email: 'oliver.bennett@nordlicht.example',
    document: {
      type: 'passport',
      number: '533380006',
      issuedCountryCode: 'GB',
      issuedBy: 'HM Passport Office',
      issuedDate: '2020-02-11',
      expirationDate: '2030-02-11',
    },
    is_as: true,
    is_lr: true,
    is_bo: true,
    position: 'Director',
    authority: { basis: 'Board resolution', issue_date: '2021-04-01' },
    ownership: '60',
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
    ...overrides,
  };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The terms of an offer letter as the operator writes them; override what a test looks at. */
export const offerLetter = (overrides: Record<string, unknown> = {}) => ({
  client: 'Nordlicht Trading Ltd',
  term: '12 months',
  account_types: ['business'],
  payment_options: ['SEPA', 'FPS'],
  territories: ['EEA', 'UK'],
  currencies: ['EUR', 'GBP'],
  default_currency: 'EUR',
  payment_systems: ['SEPA', 'FPS'],
  minimum_funds: { amount: '10000.00', currency: 'EUR' },
  expiry_date: '2027-01-31',
  condition: '',
  fee: '0.2% per payout',
  ...overrides,
});

/** A legal representative only: neither authorised signatory nor beneficial owner. */
export const legalRepOnly = () =>
  person({
    first_name: 'Clara',
    last_name: 'Hughes',
    email: 'clara@nordlicht.example',
    is_as: false,
    is_bo: false,
    ownership: undefined,
    authority: undefined,
  });

/** A drawn signature: a 200×60 transparent PNG with a dark stroke (or none, for the blank case). */
export function signaturePng(blank = false): string {
  const w = 200;
  const h = 60;
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const onStroke = !blank && Math.abs(y - (30 + Math.round(15 * Math.sin(x / 12)))) < 2;
      const i = y * (w * 4 + 1) + 1 + x * 4;
      raw[i + 3] = onStroke ? 255 : 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A valid one-page PDF made with pdf-lib. */
export async function pdfBytes(text = 'Certificate of incorporation'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 10 });
  return Buffer.from(await doc.save());
}

/** A multipart body with `file_type` then one file. */
export function multipart(
  fileType: string | undefined,
  fileName: string,
  bytes: Buffer,
  contentType = 'application/pdf',
) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (fileType !== undefined)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\n${fileType}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
  );
  parts.push(bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
