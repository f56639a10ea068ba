import type { AppModule } from '../module.ts';
import { registerDirectoryRoutes } from './directory.routes.ts';
import { seedDemoDirectory } from './directory.seed.ts';
import { createDirectoryService, type DirectoryService } from './directory.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    directory: DirectoryService;
  }
}

/** The crypto-sector directory (spec §1, route mi_ecosystem /cjclique). */
export const directoryModule: AppModule = {
  name: 'directory',
  register(app, deps) {
    const directory = createDirectoryService(deps);
    deps.services.directory = directory;
    registerDirectoryRoutes(app, deps, directory);
  },
  seed: seedDemoDirectory,
};
