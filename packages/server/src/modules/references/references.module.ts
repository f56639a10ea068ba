import type { AppModule } from '../module.ts';
import { registerReferenceRoutes } from './references.routes.ts';
import { createReferencesService, type ReferencesService } from './references.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    references: ReferencesService;
  }
}

/** Reference data of spec §7: reference lists by code or id, and currencies. */
export const referencesModule: AppModule = {
  name: 'references',
  async register(app, deps) {
    const references = createReferencesService(deps.db);
    deps.services.references = references;
    await references.ensureLoaded();
    registerReferenceRoutes(app, deps, references);
  },
};
