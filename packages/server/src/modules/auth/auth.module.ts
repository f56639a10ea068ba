import type { AppModule } from '../module.ts';
import { type AccountService, createAccountService } from './account.service.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { secretBox } from './credentials.ts';
import { createLoginService, type LoginService } from './login.service.ts';
import { createSessionService, type SessionService } from './session.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    sessions: SessionService;
    login: LoginService;
    account: AccountService;
  }
}

/**
 * Identity: sessions and the token readers for 'user' and 'mfa' routes, login with MFA, password
 * and email changes. Other modules reach the session service as `service(deps, 'sessions')`.
 */
export const authModule: AppModule = {
  name: 'auth',
  register(app, deps) {
    const sessions = createSessionService({
      db: deps.db,
      clock: deps.clock,
      jwtSecret: deps.config.jwtSecret,
    });
    deps.services.sessions = sessions;
    deps.auth.set('user', (req) => sessions.resolve(req));
    deps.auth.set('mfa', (req) => sessions.resolve(req));
    const login = createLoginService(deps, secretBox(deps.config.jwtSecret));
    const account = createAccountService(deps, login);
    deps.services.login = login;
    deps.services.account = account;
    registerAuthRoutes(app, deps, login, account);
  },
};
