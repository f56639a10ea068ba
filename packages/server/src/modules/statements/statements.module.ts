import type { AppModule } from '../module.ts';
import { registerStatementRoutes } from './statements.routes.ts';
import { createStatementsService, type StatementsService } from './statements.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    statements: StatementsService;
  }
}

export const statementsModule: AppModule = {
  name: 'statements',
  register(app, deps) {
    deps.services.statements = createStatementsService(deps);
    registerStatementRoutes(app, deps);
  },
};
