import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { CLIENT_USER_RIGHTS, paymentReferenceFrom, validateBic } from '@portal/domain';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { DemoSeedContext } from '../module.ts';
import { appModules } from '../index.ts';

// Issue 35: the BIC shown beside a wallet's IBAN is one answer everywhere, and its country
// (ISO 9362 characters 5–6) is the IBAN's, for every wallet of the demo data.

let t: TestApp;
interface DemoWallet {
  id: number;
  uuid: string;
  merchant_id: string;
  platform: string;
  currency: string;
  iban: string;
}
let wallets: DemoWallet[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  // The demo seed as `seedDemoData` runs it, without writing the logins file.
  const ctx: DemoSeedContext = { ids: {}, logins: [] };
  for (const mod of appModules) await mod.seed?.(t.deps, ctx);
  wallets = (
    await t.deps.database.query<DemoWallet>(
      `SELECT w.id::int AS id, w.uuid::text AS uuid, w.merchant_id::text AS merchant_id, m.platform,
              (SELECT a.currency FROM ledger_accounts a WHERE a.wallet_id = w.id ORDER BY a.id LIMIT 1) AS currency,
              i.iban
         FROM wallets w JOIN merchants m ON m.id = w.merchant_id
         JOIN wallet_ibans i ON i.wallet_id = w.id AND i.status = 1
        ORDER BY w.id`,
    )
  ).rows;
  for (const merchantId of new Set(wallets.map((w) => w.merchant_id)))
    tokens.set(
      merchantId,
      (await makeUser(t, { merchantId, rights: [...CLIENT_USER_RIGHTS], isMaster: true })).token,
    );
});
afterAll(() => t.close());

const hostOf = (w: DemoWallet) => ({ host: `${w.platform.toLowerCase()}.portal.example` });
const tokenOf = (w: DemoWallet) => tokens.get(w.merchant_id) ?? '';
const pdfText = async (body: Buffer) => (await pdfParse(body)).text;

/**
 * The text the statement writer drew: its content streams inflated, the `(…) Tj` strings joined.
 * (pdf-parse's pdf.js 1.10 refuses some one-page statements with "bad XRef entry", so the
 * statement is read at the writer's own level.)
 */
function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/\/FlateDecode >>\nstream\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const length = Number(/\/Length (\d+)/.exec(raw.slice(raw.lastIndexOf('obj', start), start))?.[1]);
    const content = inflateSync(pdf.subarray(start, start + length)).toString('latin1');
    for (const [, shown = ''] of content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) text += `${shown}\n`;
  }
  return text;
}

/** Every BIC a client can read beside the wallet's IBAN, by where it was read. */
async function bicsShownFor(w: DemoWallet): Promise<Record<string, string | undefined>> {
  const call = (opts: Parameters<TestApp['call']>[0]) =>
    t.call({ ...opts, token: tokenOf(w), headers: hostOf(w) });
  const list = (
    await call({ method: 'POST', url: '/api/wallets/1/100', payload: { with_subaccounts: true } })
  ).json();
  const row = list.wallets.find((r: { uuid: string }) => r.uuid === w.uuid);
  const ibanList = (
    await call({ method: 'POST', url: '/api/wallets/ibans/100/1', payload: { wallet_id: w.id } })
  ).json();

  const letter = await call({ method: 'GET', url: `/api/wallets/get_printout/${w.uuid}/${w.iban}/1` });
  expect(letter.statusCode, letter.body).toBe(200);
  const letterText = await pdfText(letter.rawPayload);
  expect(letterText.replace(/\s/g, '')).toContain(w.iban);

  const today = t.clock.now().toISOString().slice(0, 10);
  const statement = await call({
    method: 'POST',
    url: '/api/wallets/statements',
    payload: { wallet_uuid: w.uuid, date_from: today, date_to: today, format: 'pdf' },
  });
  expect(statement.statusCode, statement.body).toBe(200);
  const statementText = drawnText(statement.rawPayload);

  // A request collecting on this wallet, as the pay-in terminal would store it.
  const now = t.clock.now();
  // (stored directly: the terminal's create call belongs to MerchantService companies only, and a
  // test reaches another module through its API or the database, never its repo).
  const token = randomBytes(32).toString('base64url');
  await t.deps.database.query(
    `INSERT INTO payment_requests (merchant_id, wallet_id, token, payment_reference, reference, currency,
       amount, customer_name, customer_email, expires_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 1000, 'Jane Customer', 'jane@example.com', $7, $8, $8)`,
    [
      w.merchant_id,
      w.id,
      token,
      paymentReferenceFrom(randomBytes(10)),
      `BIC-${w.id}`,
      w.currency,
      new Date(now.getTime() + 86_400_000),
      now,
    ],
  );
  const request = { token };
  const hosted = (
    await t.call({ method: 'GET', url: `/api/pay/${request.token}`, headers: hostOf(w) })
  ).json().payment;
  expect(hosted.iban).toBe(w.iban);

  return {
    walletList: row?.ibans.find((i: { iban_number: string }) => i.iban_number === w.iban)?.bic,
    ibanList: ibanList.wallet_ibans.find((i: { iban_number: string }) => i.iban_number === w.iban)?.bic,
    letter: /BIC:\s*([A-Z0-9]+)/.exec(letterText)?.[1],
    statement: /BIC:\s*([A-Z0-9]+)/.exec(statementText)?.[1],
    hostedPage: hosted.bic,
    ...(w.currency === 'EUR' ? { epcQr: hosted.epc_qr?.split('\n')[4] } : {}),
  };
}

describe('the BIC beside a wallet IBAN (issue 35)', () => {
  it('is the same on lists, letter, statement, hosted page and EPC QR, of the IBAN’s country, for every demo wallet', async () => {
    expect(wallets.length).toBeGreaterThan(4);
    // The demo has GB and LT IBANs on more than one platform, the case that went wrong.
    expect(new Set(wallets.map((w) => `${w.platform} ${w.iban.slice(0, 2)}`)).size).toBeGreaterThan(2);
    for (const w of wallets) {
      const shown = await bicsShownFor(w);
      const bic = shown.hostedPage ?? '';
      expect(validateBic(bic), `${w.iban}: ${bic}`).toBeNull();
      expect(`${w.iban} ${bic.slice(4, 6)}`).toBe(`${w.iban} ${w.iban.slice(0, 2)}`);
      expect(shown, `${w.platform} ${w.currency} ${w.iban}`).toEqual(
        Object.fromEntries(Object.keys(shown).map((k) => [k, bic])),
      );
    }
  });
});
