import type { AppModule } from '../module.ts';
import { createAccessRequestsService } from './access-requests.service.ts';
import { createGroupsService } from './groups.service.ts';
import { createInvitationsService, type InvitationsService } from './invitations.service.ts';
import { registerInvitationRoutes } from './invitations.routes.ts';
import { registerUsersRoutes } from './users.routes.ts';
import { seedUsers } from './users.seed.ts';
import { createUsersService } from './users.service.ts';
import { createUsersDirectory } from './users.directory.ts';

/** What other areas call: boarding's go-live creates the company and invites its Master User. */
export interface UsersCrossService {
  inviteUser: InvitationsService['inviteUser'];
  createCompany: InvitationsService['createCompany'];
  /** Active client users of a company with their mail settings (support answers are mailed to them). */
  companyRecipients(merchantId: string): Promise<CompanyRecipient[]>;
  /** Active staff users (support cases are assigned to them). */
  staffUsers(): Promise<{ id: string; name: string; email: string }[]>;
  /** A user's display name ('' when unknown). */
  userName(id: string): Promise<string>;
  /** Names and platform labels of companies. */
  merchantsByIds(ids: string[]): Promise<{ id: string; name: string; platform: string }[]>;
  /** Operator console (issue 18): adds or revives a membership; false when it was already active. */
  upsertMembership: ReturnType<typeof createUsersDirectory>['upsertMembership'];
}

export interface CompanyRecipient {
  id: string;
  email: string;
  name: string;
  uiLanguage: string;
  notificationParams: Record<string, unknown>;
}

declare module '../../deps.ts' {
  interface ServiceRegistry {
    users: UsersCrossService;
  }
}

/** Users of client companies, rights, invitations, admin groups and impersonation. */
export const usersModule: AppModule = {
  name: 'users',
  register(app, deps) {
    const users = createUsersService(deps);
    const invitations = createInvitationsService(deps);
    deps.services.users = {
      inviteUser: invitations.inviteUser,
      createCompany: invitations.createCompany,
      ...createUsersDirectory(deps),
    };
    registerUsersRoutes(app, deps, users, createAccessRequestsService(deps));
    registerInvitationRoutes(app, deps, invitations, createGroupsService(deps));
  },
  seed: seedUsers,
};
