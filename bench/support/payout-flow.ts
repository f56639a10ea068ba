// The pay-out flow of bench/payments (challenge + create with password digest and TOTP, auto-approved
// with a hold), shared so that other benches print it beside their own figure from the same run
// instead of quoting an older number.
import { inTransaction } from '../../packages/server/src/db/tx.ts';
import { type AppDeps, service } from '../../packages/server/src/deps.ts';
import { pct } from './stats.ts';

export type Post = (
  path: string,
  token: string,
  body: unknown,
) => Promise<{ status: number; json: Record<string, unknown>; ms: number }>;

export const PAYOUT_DETAILS = {
  currency: 'EUR',
  amount: '12.34',
  requisites: { payee: 'Bench Supplier GmbH', iban: 'DE89370400440532013000' },
  comments: 'bench',
};

export interface PayoutUser {
  token: string;
  /** The public id of the EUR wallet the pay-out leaves from. */
  wallet: string;
}

export interface PayoutFlowResult {
  ok: number;
  failed: number;
  perSecond: number;
  /** Challenge + create, ascending. */
  flowMs: number[];
  /** The create call alone, ascending. */
  createMs: number[];
}

/**
 * `clients` loops, each taking the next unused user (a code step is usable once per user) until
 * `seconds` have passed or the users run out.
 */
export async function runPayoutFlow(o: {
  post: Post;
  users: PayoutUser[];
  password: string;
  code: () => string;
  clients: number;
  seconds: number;
}): Promise<PayoutFlowResult> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const flowMs: number[] = [];
  const createMs: number[] = [];
  const stopAt = Date.now() + o.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: o.clients }, async () => {
      while (Date.now() < stopAt && next < o.users.length) {
        const user = o.users[next++];
        if (!user) break;
        const c = await o.post(`/payments/pay_out_challenge/${user.wallet}/SEPA`, user.token, {
          payment_details: PAYOUT_DETAILS,
        });
        const challengeId = (c.json.confirmation as { challenge_id?: string } | undefined)?.challenge_id;
        const r = await o.post(`/payments/create_pay_out/${user.wallet}/SEPA`, user.token, {
          payment_details: PAYOUT_DETAILS,
          challenge_id: challengeId,
          password: o.password,
          secret_code: o.code(),
        });
        const status = (r.json.payment as { status?: string } | undefined)?.status;
        if (r.status === 200 && status === 'pending') {
          ok++;
          flowMs.push(c.ms + r.ms);
          createMs.push(r.ms);
        } else failed++;
      }
    }),
  );
  flowMs.sort((a, b) => a - b);
  createMs.sort((a, b) => a - b);
  return { ok, failed, perSecond: ok / ((Date.now() - started) / 1000), flowMs, createMs };
}

/** One table row for a pay-out run measured beside another figure. */
export function payoutRow(r: PayoutFlowResult, clients: number): Record<string, string | number> {
  return {
    measure: `beside it, same run: pay-outs created + approved (bench/payments flow), ${clients} clients`,
    'per s': Math.round(r.perSecond),
    'p50 ms': Math.round(pct(r.flowMs, 50)),
    'p99 ms': Math.round(pct(r.flowMs, 99)),
    note: `${r.ok} ok, ${r.failed} failed; same confirmation (password digest + TOTP) per operation`,
  };
}

/**
 * A company of `count` users who may create and approve pay-outs (auto-approved), each signed in as a
 * full login does (the session holds the confirmation verifier), over 8 funded EUR wallets.
 */
export async function seedPayoutUsers(
  deps: AppDeps,
  o: { name: string; count: number; password: string; passwordHash: string; sealedSecret: string },
): Promise<PayoutUser[]> {
  const q = (text: string, values: unknown[] = []) =>
    deps.database.query<Record<string, string>>(text, values);
  const merchantId =
    (await q('INSERT INTO merchants (name) VALUES ($1) RETURNING id::text', [o.name])).rows[0]?.id ?? '';
  const wallets = await inTransaction(deps.db, async (tx) => {
    const out: string[] = [];
    for (let i = 0; i < 8; i++) {
      const w = await service(deps, 'wallets').openWallet(tx, {
        merchantId,
        currency: 'EUR',
        platform: 'UK',
      });
      await service(deps, 'wallets').recordPayIn(tx, {
        walletId: w.id,
        currency: 'EUR',
        amount: 10n ** 13n,
        reference: `fund:${w.id}`,
      });
      out.push(w.uuid);
    }
    return out;
  });
  await q(
    `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, password_hash, mfa_secret, auto_approve_payouts, current_merchant_id)
     SELECT 'payer' || g || '.' || $4::uuid || '@example.com', 'payer' || g || '.' || $4::uuid || '@example.com', 'Bench', 'Payer ' || g,
            true, 'activated', $1, $2, true, $4::uuid
       FROM generate_series(1, $3::int) g`,
    [o.passwordHash, o.sealedSecret, o.count, merchantId],
  );
  await q(
    `INSERT INTO user_merchants (user_id, merchant_id, rights)
     SELECT id, $1::uuid, '{create,approve,approveOwn}' FROM users WHERE current_merchant_id = $1::uuid`,
    [merchantId],
  );
  const ids = (
    await q('SELECT id::text FROM users WHERE current_merchant_id = $1::uuid ORDER BY login', [merchantId])
  ).rows.map((r) => r.id ?? '');
  const users: PayoutUser[] = [];
  for (const [i, id] of ids.entries()) {
    const { token } = await service(deps, 'sessions').issue(deps.db, id, 'session', {
      passwordDigest: o.password,
    });
    users.push({ token, wallet: wallets[i % wallets.length] ?? '' });
  }
  return users;
}
