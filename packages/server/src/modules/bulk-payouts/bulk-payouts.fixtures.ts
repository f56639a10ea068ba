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

export const PAIN_03 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
export const PAIN_09 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface PainTx {
  amount: string;
  currency?: string;
  payee: string;
  iban: string;
  endToEndId?: string;
  instrId?: string;
  remittance?: string;
}

/** One payment information block: the account it debits and its credit transfers. */
export interface PainBlock {
  id?: string;
  debtorIban: string;
  txs: PainTx[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A pain.001 file (03 or 09) that passes its XSD: group header with count and control sum, SEPA blocks. */
export function painFile(blocks: PainBlock[], opts: { ns?: string; msgId?: string; ctrlSum?: string } = {}) {
  const ns = opts.ns ?? PAIN_03;
  const v09 = ns === PAIN_09;
  const all = blocks.flatMap((b) => b.txs);
  const cents = (a: string) => Math.round(Number(a) * 100);
  const sum = (txs: PainTx[]) => (txs.reduce((n, x) => n + cents(x.amount), 0) / 100).toFixed(2);
  const bic = (b: string) => (v09 ? `<BICFI>${b}</BICFI>` : `<BIC>${b}</BIC>`);
  const date = v09
    ? '<ReqdExctnDt><Dt>2026-03-03</Dt></ReqdExctnDt>'
    : '<ReqdExctnDt>2026-03-03</ReqdExctnDt>';
  const body = blocks
    .map((b, i) => {
      const txs = b.txs
        .map((x) => {
          const ids = `${x.instrId ? `<InstrId>${esc(x.instrId)}</InstrId>` : ''}<EndToEndId>${esc(x.endToEndId ?? 'NOTPROVIDED')}</EndToEndId>`;
          const rmt = x.remittance ? `<RmtInf><Ustrd>${esc(x.remittance)}</Ustrd></RmtInf>` : '';
          return `<CdtTrfTxInf><PmtId>${ids}</PmtId><Amt><InstdAmt Ccy="${x.currency ?? 'EUR'}">${x.amount}</InstdAmt></Amt><CdtrAgt><FinInstnId>${bic('COBADEFFXXX')}</FinInstnId></CdtrAgt><Cdtr><Nm>${esc(x.payee)}</Nm></Cdtr><CdtrAcct><Id><IBAN>${x.iban}</IBAN></Id></CdtrAcct>${rmt}</CdtTrfTxInf>`;
        })
        .join('\n');
      return `<PmtInf><PmtInfId>${esc(b.id ?? `P${i + 1}`)}</PmtInfId><PmtMtd>TRF</PmtMtd><NbOfTxs>${b.txs.length}</NbOfTxs><CtrlSum>${sum(b.txs)}</CtrlSum><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>${date}
<Dbtr><Nm>Payer Ltd</Nm></Dbtr><DbtrAcct><Id><IBAN>${b.debtorIban}</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId>${bic('NWBKGB2L')}</FinInstnId></DbtrAgt>
${txs}
</PmtInf>`;
    })
    .join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${ns}"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>${esc(opts.msgId ?? 'MSG-1')}</MsgId><CreDtTm>2026-03-02T09:00:00</CreDtTm><NbOfTxs>${all.length}</NbOfTxs><CtrlSum>${opts.ctrlSum ?? sum(all)}</CtrlSum><InitgPty><Nm>Payer Ltd</Nm></InitgPty></GrpHdr>
${body}
</CstmrCdtTrfInitn></Document>
`);
}

export async function batchCount(t: TestApp, merchantId: string) {
  const r = await t.deps.database.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM bulk_batches WHERE merchant_id = $1',
    [merchantId],
  );
  return Number(r.rows[0]?.n ?? 0);
}
