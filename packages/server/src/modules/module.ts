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
}

export interface DemoLogin {
  login: string;
  password: string;
  totpSecret: string;
  role: string;
}
