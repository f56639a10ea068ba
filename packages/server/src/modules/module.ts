import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';

/** One area of the server (design §3). */
export interface AppModule {
  name: string;
  /** Registers routes (under /api), auth resolvers, job workers and cross-module services. */
  register(app: FastifyInstance, deps: AppDeps): void | Promise<void>;
  /** Demo data for an empty database; runs once, in module order, when SEED_DEMO is on. */
  seed?(deps: AppDeps, demo: DemoSeedContext): Promise<void>;
}

/** What seeds share: ids created by earlier modules and lines for the demo-logins file. */
export interface DemoSeedContext {
  ids: Record<string, string>;
  logins: DemoLogin[];
  /** Exchanges the demo history booked on the ledger; the FX seed records each (issue 36). */
  exchanges?: DemoExchange[];
}

/** One exchange of the demo history, as posted: the FX area keeps its record with the same id. */
export interface DemoExchange {
  id: string;
  merchantId: string;
  entryId: number;
  at: Date;
  sellWalletId: number;
  sellCurrency: string;
  sellAmount: bigint;
  buyWalletId: number;
  buyCurrency: string;
  buyAmount: bigint;
  /** Decimal text, as the FX area stores rates. */
  rate: string;
}

export interface DemoLogin {
  login: string;
  password: string;
  totpSecret: string;
  role: string;
}
