import type { AppModule } from './module.ts';
import { authModule } from './auth/auth.module.ts';
import { securityModule } from './security/security.module.ts';
import { systemModule } from './system/system.module.ts';
import { usersModule } from './users/users.module.ts';

/**
 * Every area of the server, in registration (and seeding) order: an area may call the services
 * of the areas before it. Add new areas here.
 */
export const appModules: AppModule[] = [systemModule, authModule, securityModule, usersModule];
