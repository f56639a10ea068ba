import type { AppModule } from '../module.ts';
import { createSessionService, type SessionService } from './session.service.ts';

declare module '../../deps.ts' {
  interface ServiceRegistry {
    sessions: SessionService;
  }
}

/**
 * Identity: sessions and the token readers for 'user' and 'mfa' routes. Other modules reach the
 * session service as `deps.services.sessions`.
 */
export const authModule: AppModule = {
  name: 'auth',
  register(_app, deps) {
    const sessions = createSessionService({ db: deps.db, clock: deps.clock, jwtSecret: deps.config.jwtSecret });
    deps.services.sessions = sessions;
    deps.auth.set('user', (req) => sessions.resolve(req));
    deps.auth.set('mfa', (req) => sessions.resolve(req));
  },
};
