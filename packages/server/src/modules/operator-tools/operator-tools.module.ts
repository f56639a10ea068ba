import type { AppModule } from '../module.ts';
import { registerOperatorToolsRoutes } from './operator-tools.routes.ts';
import { createOperatorToolsService } from './operator-tools.service.ts';

/** Operator console tools (issue 18): wallet status and a second company for a user; admin groups only. */
export const operatorToolsModule: AppModule = {
  name: 'operator-tools',
  register(app, deps) {
    registerOperatorToolsRoutes(app, deps, createOperatorToolsService(deps));
  },
};
