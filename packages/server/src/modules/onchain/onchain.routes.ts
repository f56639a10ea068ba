import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { BlockchainSimulator } from '../../adapters/blockchain/blockchain.ts';
import { type AppDeps, service } from '../../deps.ts';
import { proofOf } from '../../http/confirmation-proof.ts';
import { assertAdminGroup } from '../../http/principal.ts';
import { registerRoute } from '../../http/register.ts';
import { createOnchainSimDeposits } from './onchain.simulator.ts';
import { validateAddress } from '@portal/domain';

const done = true as const;

/** On-chain transfers, crypto wallets and escrow deals: parse, call one service function, answer. */
export function registerOnchainRoutes(app: FastifyInstance, deps: AppDeps, sim: BlockchainSimulator): void {
  const onchain = () => service(deps, 'onchain');
  const escrow = () => service(deps, 'escrow');

  registerRoute(app, deps, apiRoutes.onchainInfo, async () => ({
    success: done,
    ...(await onchain().info()),
  }));

  registerRoute(app, deps, apiRoutes.onchainWallets, async (_req, ctx) => ({
    success: done,
    wallets: await onchain().wallets(ctx),
  }));

  registerRoute(app, deps, apiRoutes.onchainCheckAddress, async ({ body }) => {
    const r = validateAddress(body.network, body.address);
    return {
      success: done,
      valid: r.ok,
      error: r.ok ? null : r.error,
      warning: r.ok ? r.warning : null,
      kind: r.ok ? r.kind : null,
      other_network: r.ok ? null : (r.network ?? null),
    };
  });

  registerRoute(app, deps, apiRoutes.onchainQuote, async ({ body }, ctx) => ({
    success: done,
    quote: await onchain().quote(ctx.principal, body),
  }));

  registerRoute(app, deps, apiRoutes.onchainChallenge, async ({ body }, ctx) => ({
    success: done,
    ...(await onchain().challenge(ctx, body)),
  }));

  registerRoute(app, deps, apiRoutes.onchainCreate, async ({ body }, ctx) => ({
    success: done,
    transfer: await onchain().create(ctx, body, proofOf(body)),
  }));

  registerRoute(app, deps, apiRoutes.onchainList, async ({ params, body }, ctx) => ({
    success: done,
    ...(await onchain().list(ctx.principal, params.page, params.rows, body)),
  }));

  registerRoute(app, deps, apiRoutes.onchainGet, async ({ params }, ctx) => ({
    success: done,
    transfer: await onchain().get(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.onchainApprovalChallenge, async ({ params }, ctx) => ({
    success: done,
    confirmation: await onchain().approvalChallenge(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.onchainApprove, async ({ params, body }, ctx) => ({
    success: done,
    transfer: await onchain().approve(ctx, params.id, proofOf(body)),
  }));

  registerRoute(app, deps, apiRoutes.onchainCancel, async ({ params }, ctx) => ({
    success: done,
    transfer: await onchain().cancel(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.escrowCreate, async ({ body }, ctx) => ({
    success: done,
    deal: await escrow().create(ctx, body),
  }));

  registerRoute(app, deps, apiRoutes.escrowList, async ({ params, body }, ctx) => ({
    success: done,
    ...(await escrow().list(ctx.principal, params.page, params.rows, body)),
  }));

  registerRoute(app, deps, apiRoutes.escrowGet, async ({ params }, ctx) => ({
    success: done,
    deal: await escrow().get(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.escrowMatch, async ({ params, body }, ctx) => ({
    success: done,
    deal: await escrow().match(ctx.principal, params.id, body.trx_id, body.accept_warnings),
  }));

  registerRoute(app, deps, apiRoutes.escrowConfirmChallenge, async ({ params }, ctx) => ({
    success: done,
    confirmation: await escrow().confirmChallenge(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.escrowConfirm, async ({ params, body }, ctx) => ({
    success: done,
    deal: await escrow().confirm(ctx, params.id, proofOf(body)),
  }));

  registerRoute(app, deps, apiRoutes.escrowDecline, async ({ params }, ctx) => ({
    success: done,
    deal: await escrow().decline(ctx.principal, params.id),
  }));

  // Simulator controls: only while the simulator is on (never by default in production).
  if (!deps.config.simulator) return;

  // Every simulator control is for the admin group only (issue 17), the deposit included (issue 34).
  const deposits = createOnchainSimDeposits(deps, sim);
  registerRoute(app, deps, apiRoutes.onchainSimDeposit, async ({ body }, ctx) => {
    assertAdminGroup(ctx.principal);
    const { merchant_id, ...input } = body;
    return { success: done, trx_id: await deposits.deposit(merchant_id, input) };
  });

  registerRoute(app, deps, apiRoutes.onchainSimState, async ({ body }, ctx) => {
    assertAdminGroup(ctx.principal);
    const s = await sim.setState(deps.db, {
      ...(body.outage !== undefined ? { outage: body.outage } : {}),
      ...(body.next_fate !== undefined ? { nextFate: body.next_fate } : {}),
      ...(body.window_open !== undefined ? { windowOpen: body.window_open } : {}),
    });
    return { success: done, outage: s.outage, next_fate: s.nextFate, window_open: s.windowOpen };
  });

  registerRoute(app, deps, apiRoutes.onchainSimRunDue, async (_input, ctx) => {
    assertAdminGroup(ctx.principal);
    return { success: done, advanced: (await onchain().runDue()) + (await escrow().expireDue()) };
  });
}
