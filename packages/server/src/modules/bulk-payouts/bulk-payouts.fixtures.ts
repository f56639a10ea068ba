import { multipart } from '../boarding/boarding.fixtures.ts';
import { PASSWORD } from '../payments/payments.fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

export const CSV_HEADER = 'payment_method,currency,amount,payee,iban,bic,sort_code,account_number,reference';

/** `n` valid SEPA rows with distinct references (no duplicate warnings), amounts 1.00, 2.00 ... */
export function sepaRows(n: number, start = 1): string[] {
  return Array.from(
    { length: n },
    (_, i) =>
      `SEPA,EUR,${((i % 50) + 1).toFixed(2)},Payee ${start + i},DE89370400440532013000,,,,Row ${start + i}`,
  );
}

export const csvFile = (rows: string[]) => Buffer.from(`${[CSV_HEADER, ...rows].join('\r\n')}\r\n`);

export function uploadBatch(t: TestApp, token: string, name: string, bytes: Buffer) {
  return t.call({
    method: 'POST',
    url: '/api/payout_terminal/batches',
    token,
    ...multipart(undefined, name, bytes, name.endsWith('.xml') ? 'application/xml' : 'text/csv'),
  });
}

type Payer = { token: string; freshCode: () => string };

/** Challenge then confirm (or approve), as the terminal's dialog does. */
export async function decideBatch(
  t: TestApp,
  payer: Payer,
  id: string,
  action: 'confirm' | 'approve' = 'confirm',
  opts: { code?: string } = {},
) {
  const challenge = await t.call({
    method: 'POST',
    url: `/api/payout_terminal/batches/${id}/challenge`,
    token: payer.token,
    payload: { action },
  });
  if (challenge.statusCode !== 200) return challenge;
  return t.call({
    method: 'POST',
    url: `/api/payout_terminal/batches/${id}/${action}`,
    token: payer.token,
    payload: {
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: opts.code ?? payer.freshCode(),
    },
  });
}

export async function paymentCount(t: TestApp, merchantId: string): Promise<number> {
  const r = await t.deps.database.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM payments WHERE merchant_id = $1',
    [merchantId],
  );
  return Number(r.rows[0]?.n ?? 0);
}
