/**
 * `npm run test:chaos` (issue 17): two server processes on one fresh PostgreSQL database behind a
 * TCP proxy, 16 clients moving money with Idempotency-Keys and retries for CHAOS_SECONDS, while
 * faults are injected: kill -9 of a process and its restart, pg_terminate_backend of random
 * connections, proxy stalls and dropped connections. Then: ledger invariants, every acknowledged
 * request applied exactly once, no request applied twice, no payment stuck past its due time.
 * Prints faults, acknowledged requests and violations; exit code 1 on any violation.
 */
import pg from 'pg';
import {
  call,
  createDatabase,
  DEMO,
  freePort,
  login,
  sha512,
  totpNow,
  type ServerProcess,
  serverProcess,
  startProxy,
  waitForNextTotpStep,
} from './cluster.ts';
import {
  checkPayIns,
  invariantViolations,
  payInTraffic,
  payInWallets,
  retrying,
  sleep,
} from './drill-kit.ts';

const BASE = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 90);
const CLIENTS = 16;
const verbose = process.env.CHAOS_VERBOSE === '1';
const log = (line: string) => {
  if (verbose) console.log(line);
};

async function main() {
  const started = Date.now();
  const database = await createDatabase(BASE);
  const pgServer = new URL(BASE);
  const proxy = await startProxy({ host: pgServer.hostname, port: Number(pgServer.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const direct = new pg.Pool({ connectionString: database.url, max: 2 });
  direct.on('error', () => {});
  const procs: ServerProcess[] = [
    serverProcess('a', await freePort(), { DATABASE_URL: viaProxy.toString(), SEED_DEMO: 'true' }, log),
    serverProcess('b', await freePort(), { DATABASE_URL: viaProxy.toString(), SEED_DEMO: 'false' }, log),
  ];
  const faults = { kill9: 0, terminate: 0, stall: 0, drop: 0 };
  const violations: string[] = [];
  let stopFaults = false;
  try {
    // The first process migrates and seeds; the second joins the same database.
    await procs[0]?.start();
    await procs[1]?.start();
    console.log(
      `chaos: two processes up in ${Math.round((Date.now() - started) / 1000)} s; running ${SECONDS} s`,
    );
    const admin = await login(procs[0]?.url ?? '', DEMO.admin);

    const wallets = await payInWallets(direct);

    const alive = () => procs.filter((p) => p.child);
    const pick = () => {
      const up = alive();
      return (up[Math.floor(Math.random() * up.length)] ?? procs[0]) as ServerProcess;
    };

    // ---- faults ----------------------------------------------------------------------------------
    const faultLoop = (async () => {
      while (!stopFaults) {
        await sleep(3_000 + Math.random() * 4_000);
        if (stopFaults) break;
        const kind = ['kill9', 'terminate', 'stall', 'drop'][
          Math.floor(Math.random() * 4)
        ] as keyof typeof faults;
        faults[kind]++;
        log(`fault: ${kind}`);
        try {
          if (kind === 'kill9') {
            const victim = procs[Math.floor(Math.random() * procs.length)] as ServerProcess;
            if (!victim.child) continue;
            victim.kill9();
            await sleep(1_000 + Math.random() * 1_000);
            await victim.start();
          } else if (kind === 'terminate') {
            await direct.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND random() < 0.5`,
            );
          } else if (kind === 'stall') {
            proxy.stall(2_000 + Math.random() * 2_000);
          } else {
            proxy.drop();
          }
        } catch (err) {
          log(`fault ${kind} failed: ${String(err)}`);
        }
      }
    })();

    // ---- clients ---------------------------------------------------------------------------------
    const deadline = Date.now() + SECONDS * 1000;
    let requests = 0;
    const withRetries = retrying({
      target: () => pick().url,
      giveUpAt: () => deadline + 20_000,
      log,
      onSend: () => {
        requests++;
      },
    });
    // 16 clients send pay-ins with Idempotency-Keys; client 0 also runs the settlement sweep.
    const { traffic, done: payIns } = payInTraffic({
      send: withRetries,
      token: admin,
      wallets,
      clients: CLIENTS,
      prefix: 'chaos',
      until: () => Date.now() >= deadline,
      sweepEvery: 5,
      log,
    });
    // ---- pay-outs and approvals (strong customer authentication) ---------------------------------
    // A code step is usable once per user, so the Standard User creates at most one pay-out per
    // 30-second step and the Master User approves everything created so far with one confirmation.
    const payoutsAcked = new Map<string, bigint>();
    const approvalsAcked = new Set<string>();
    let payoutsTried = 0;
    let approvalRuns = 0;
    const stepNow = () => Math.floor(Date.now() / 30_000);
    const nextStep = async (last: number) => {
      while (stepNow() <= last) await waitForNextTotpStep();
      return stepNow();
    };
    const payoutWallet = (
      await direct.query<{ uuid: string }>(
        `SELECT w.uuid::text FROM wallets w JOIN ledger_accounts a ON a.wallet_id = w.id
           JOIN user_merchants um ON um.merchant_id = w.merchant_id
           JOIN users u ON u.id = um.user_id
          WHERE u.login = $1 AND a.currency = 'EUR' ORDER BY w.id LIMIT 1`,
        [DEMO.standard.login],
      )
    ).rows[0]?.uuid;
    const password = sha512(DEMO.password);
    const maker = async () => {
      if (!payoutWallet) return;
      const token = await login(procs[0]?.url ?? '', DEMO.standard);
      let step = stepNow();
      while (Date.now() < deadline - 5_000) {
        step = await nextStep(step);
        if (Date.now() >= deadline) break;
        const key = `chaos-po-${step}-${Math.random().toString(36).slice(2, 8)}`;
        const cents = 100 + Math.floor(Math.random() * 900);
        const details = {
          currency: 'EUR',
          amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
          requisites: { payee: 'Chaos Payee GmbH', iban: 'DE89370400440532013000' },
          comments: key,
        };
        payoutsTried++;
        const challenge = await withRetries(`${key}-challenge`, (base) =>
          call(base, 'POST', `/payments/pay_out_challenge/${payoutWallet}/SEPA`, {
            token,
            body: { payment_details: details },
          }),
        );
        const challengeId = (challenge?.body.confirmation as { challenge_id?: string } | undefined)
          ?.challenge_id;
        if (!challengeId) continue;
        const code = totpNow(DEMO.standard.secret);
        const r = await withRetries(key, (base) =>
          call(base, 'POST', `/payments/create_pay_out/${payoutWallet}/SEPA`, {
            token,
            body: { payment_details: details, challenge_id: challengeId, password, secret_code: code },
            headers: { 'idempotency-key': key },
          }),
        );
        if (r?.status === 200) payoutsAcked.set(key, BigInt(cents));
        else if (r) log(`pay-out ${key} refused: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
    };
    const approver = async () => {
      const token = await login(procs[0]?.url ?? '', DEMO.master);
      let step = stepNow();
      while (Date.now() < deadline) {
        step = await nextStep(step);
        const { rows } = await direct.query<{ id: string }>(
          `SELECT id::text FROM payments WHERE status = 'created' AND comments LIKE 'chaos-po-%' LIMIT 100`,
        );
        if (rows.length === 0) continue;
        const ids = rows.map((r) => r.id);
        const key = `chaos-approve-${step}`;
        const challenge = await withRetries(`${key}-challenge`, (base) =>
          call(base, 'POST', '/payments/approve_challenge', { token, body: { ids } }),
        );
        const challengeId = (challenge?.body.confirmation as { challenge_id?: string } | undefined)
          ?.challenge_id;
        if (!challengeId) continue;
        const code = totpNow(DEMO.master.secret);
        approvalRuns++;
        const r = await withRetries(key, (base) =>
          call(base, 'POST', '/payments/mass_action', {
            token,
            body: { action: 'approve', ids, challenge_id: challengeId, password, secret_code: code },
            headers: { 'idempotency-key': key },
          }),
        );
        if (r?.status === 200) for (const id of (r.body.done as string[]) ?? []) approvalsAcked.add(id);
        else if (r) log(`approval ${key} refused: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
    };
    await Promise.all([payIns, maker(), approver()]);
    stopFaults = true;
    await faultLoop;
    for (const p of procs) if (!p.child) await p.start();

    // ---- checks ----------------------------------------------------------------------------------
    const { inv, violations: ledgerViolations } = await invariantViolations(direct);
    violations.push(...ledgerViolations);
    const payInCheck = await checkPayIns(direct, 'chaos', traffic.acknowledged.values());
    violations.push(...payInCheck.violations);
    const { rows: payouts } = await direct.query<{
      id: string;
      comments: string;
      n: string;
      amount: string;
      status: string;
    }>(
      `SELECT min(id::text) AS id, comments, count(*)::text AS n, min(amount)::text AS amount, min(status) AS status
         FROM payments WHERE comments LIKE 'chaos-po-%' GROUP BY comments`,
    );
    const payoutByKey = new Map(payouts.map((r) => [r.comments, r]));
    for (const [key, minor] of payoutsAcked) {
      const row = payoutByKey.get(key);
      if (!row) violations.push(`acknowledged pay-out ${key} not created`);
      else if (row.n !== '1') violations.push(`pay-out ${key} created ${row.n} times`);
      else if (BigInt(row.amount) !== minor) violations.push(`pay-out ${key} created with another amount`);
    }
    for (const r of payouts) {
      if (r.n !== '1') violations.push(`pay-out ${r.comments} created ${r.n} times`);
      if (approvalsAcked.has(r.id) && r.status === 'created')
        violations.push(`pay-out ${r.comments} acknowledged as approved but still created`);
    }
    const { rows: stuck } = await direct.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM payments
        WHERE status IN ('initializing', 'pending', 'authorized', 'captured')
          AND process_after IS NOT NULL AND process_after < now() - interval '2 minutes'`,
    );
    if (stuck[0]?.n && stuck[0].n !== '0')
      violations.push(`${stuck[0].n} payments stuck past their due time`);

    const lines = [
      `chaos: ${SECONDS} s, ${CLIENTS} clients, 2 server processes on PostgreSQL`,
      `faults injected: ${faults.kill9 + faults.terminate + faults.stall + faults.drop} (kill -9 + restart ${faults.kill9}, pg_terminate_backend ${faults.terminate}, proxy stall ${faults.stall}, proxy drop ${faults.drop})`,
      `requests sent: ${requests}; money requests tried: ${traffic.tried.size}; acknowledged: ${traffic.acknowledged.size}; applied: ${payInCheck.applied}; settlement runs: ${traffic.settlementsRun}`,
      `pay-outs (SCA, one code per 30 s): tried ${payoutsTried}, acknowledged ${payoutsAcked.size}, created ${payouts.length}; mass approvals ${approvalRuns}, pay-outs approved ${approvalsAcked.size}`,
      `ledger: ${inv.entries} journal entries; unbalanced ${inv.unbalanced}, drift ${inv.drift}, negative ${inv.negative}`,
      `violations: ${violations.length}${violations.length ? `\n  ${violations.slice(0, 20).join('\n  ')}` : ''}`,
    ];
    console.log(lines.join('\n'));
    process.exitCode = violations.length || traffic.acknowledged.size === 0 ? 1 : 0;
  } finally {
    stopFaults = true;
    for (const p of procs) await p.stop().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await proxy.close();
    await database.drop().catch(() => undefined);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
