import { authRoutes } from './auth.api.ts';
import { groupsRoutes } from './groups.api.ts';
import { usersRoutes } from './users.api.ts';

/** Login, security, users, invitations and admin groups (spec §7 "Login and security", "Users"). */
export const identityRoutes = { ...authRoutes, ...usersRoutes, ...groupsRoutes };
