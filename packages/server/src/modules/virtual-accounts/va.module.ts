import { storageFor } from '../../adapters/storage/storage.ts';
import { startSweep } from '../../jobs/sweep.ts';
import type { AppModule } from '../module.ts';
import { createVaDocuments } from './va-documents.ts';
import { registerVirtualAccountRoutes } from './va.routes.ts';
import { seedVirtualAccounts } from './va.seed.ts';
import { createVirtualAccountsService, type VirtualAccountsService } from './va.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    /** VA groups, requests, allocation, actions; resolves VA numbers for the processing service. */
    virtualAccounts: VirtualAccountsService;
  }
}

/** How often a server process sweeps request documents that were uploaded but never attached. */
const SWEEP_MS = 60 * 60_000;

export const virtualAccountsModule: AppModule = {
  name: 'virtual-accounts',
  async register(app, deps) {
    // One store per process, shared by every module: S3 when configured, else the data folder.
    const storage = storageFor(deps.config);
    const documents = createVaDocuments(deps, storage);
    deps.services.virtualAccounts = createVirtualAccountsService(deps, documents);
    await registerVirtualAccountRoutes(app, deps);
    startSweep(app, deps, { name: 'VA document sweep', everyMs: SWEEP_MS, run: () => documents.sweep() });
  },
  seed: seedVirtualAccounts,
};
