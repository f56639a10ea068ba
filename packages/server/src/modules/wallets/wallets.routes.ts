import { apiRoutes } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, service } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';

export function registerWalletRoutes(app: FastifyInstance, deps: AppDeps): void {
  const wallets = () => service(deps, 'wallets');
  const balances = () => service(deps, 'walletBalances');
  const ok = true as const;

  registerRoute(app, deps, apiRoutes.walletsList, async ({ params, body }, ctx) => ({
    success: ok,
    ...(await wallets().list(ctx.principal, params.page, params.rows, body)),
  }));

  registerRoute(app, deps, apiRoutes.walletsQuantity, async ({ body }, ctx) => ({
    success: ok,
    quantity: await wallets().quantity(ctx.principal, body),
  }));

  registerRoute(app, deps, apiRoutes.walletAvailableCurrencies, async (_in, ctx) => ({
    success: ok,
    available_currencies: await wallets().availableCurrencies(ctx.principal),
  }));

  registerRoute(app, deps, apiRoutes.walletGet, async ({ params }, ctx) => ({
    success: ok,
    wallet: await balances().detail(ctx.principal, params.uuid, ctx.tzOffset),
  }));

  registerRoute(app, deps, apiRoutes.walletBalances, async ({ params }, ctx) => ({
    success: ok,
    wallet_balance: await balances().balances(ctx.principal, params.id, ctx.tzOffset),
  }));

  registerRoute(app, deps, apiRoutes.walletSubordinates, async ({ params }, ctx) => ({
    success: ok,
    wallets: await wallets().subordinates(ctx.principal, params.id),
  }));

  registerRoute(app, deps, apiRoutes.walletChangeUiName, async ({ params, body }, ctx) => ({
    success: ok,
    wallet: await balances().rename(ctx, params.id, body.ui_name),
  }));

  registerRoute(app, deps, apiRoutes.walletIbans, async ({ params, body }, ctx) => ({
    success: ok,
    ...(await wallets().ibans(ctx.principal, params.size, params.page, body)),
  }));

  registerRoute(app, deps, apiRoutes.walletDailyBalances, async ({ params, query }, ctx) => ({
    success: ok,
    daily_balances: await balances().daily(ctx.principal, params.id, query.days, query.date_to),
  }));

  registerRoute(app, deps, apiRoutes.walletsByDateCurrency, async ({ body }, ctx) => ({
    success: ok,
    ...(await balances().byDateCurrency(ctx.principal, body.date, body.currency)),
  }));

  registerRoute(app, deps, apiRoutes.walletAvailableBalances, async (_in, ctx) => ({
    success: ok,
    ...(await balances().available(ctx.principal)),
  }));
}
