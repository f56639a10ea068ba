import type { AppDeps } from '../../deps.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { createBulkContext, type Ctx, type IncomingFile } from './bulk-context.ts';
import { challenge, decide, discard } from './bulk-decide.ts';
import { run, runStalled } from './bulk-run.ts';
import { statusReport } from './bulk-status-report.ts';
import { upload } from './bulk-upload.ts';
import { batchIssues, getBatch, listBatches, resultReport } from './bulk-views.ts';

export { BULK_CHUNK, BULK_RUN_JOB } from './bulk-run.ts';
export type { IncomingFile } from './bulk-context.ts';

/**
 * The pay-out terminal (issue 14). Upload reads the file and runs every row through the single
 * pay-out's rules; the batch is confirmed once (password digest + TOTP bound to its file hash,
 * count and totals per currency); approval follows the maker-checker rights of single pay-outs
 * (a confirmer holding approve and approve-own rights approves with the same confirmation); a job
 * then makes each valid row into a pay-out through the payments service, each row exactly once.
 *
 * Each use case is a named function in its own file (bulk-upload, bulk-decide, bulk-run,
 * bulk-views, bulk-status-report; shared parts in bulk-context); this factory builds their context once and offers
 * them as one service.
 */
export function createBulkPayoutsService(deps: AppDeps) {
  const bulk = createBulkContext(deps);
  return {
    upload: (ctx: Ctx, file: IncomingFile) => upload(bulk, ctx, file),
    list: (p: UserPrincipal) => listBatches(bulk, p),
    get: (p: UserPrincipal, id: string) => getBatch(bulk, p, id),
    issues: (p: UserPrincipal, id: string) => batchIssues(bulk, p, id),
    challenge: (p: UserPrincipal, id: string, action: 'confirm' | 'approve') =>
      challenge(bulk, p, id, action),
    confirm: (ctx: Ctx, id: string, proof: ScaProof) => decide(bulk, ctx, id, 'confirm', proof),
    approve: (ctx: Ctx, id: string, proof: ScaProof) => decide(bulk, ctx, id, 'approve', proof),
    discard: (ctx: Ctx, id: string) => discard(bulk, ctx, id),
    report: (p: UserPrincipal, id: string) => resultReport(bulk, p, id),
    /** The pain.002 status report of an approved pain.001 batch. */
    statusReport: (p: UserPrincipal, id: string) => statusReport(bulk, p, id),
    /** The run job: makes the batch's remaining rows into payments. */
    run: (batchId: string) => run(bulk, batchId),
    /** The sweep: restarts runs lost to a restart. */
    runStalled: () => runStalled(bulk),
  };
}
export type BulkPayoutsService = ReturnType<typeof createBulkPayoutsService>;
