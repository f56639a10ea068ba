import {
  type AdminGroup,
  apiRoutes,
  type ClientUserRight,
  type InvitationStatus,
  type RouteBody,
  type RouteResponse,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { callApi, useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { useSession } from '../../shared/session/index.ts';

export type MyProfile = RouteResponse<typeof apiRoutes.userProfile>['user'];
export type CompanyUser = RouteResponse<typeof apiRoutes.companyUsers>['users'][number];
export type Invitation = RouteResponse<typeof apiRoutes.listInvitations>['invitations'][number];
export type GroupLink = RouteResponse<typeof apiRoutes.userGroups>['groups'][number];
export type InviteBody = RouteBody<typeof apiRoutes.createInvitation>;

export const USERS_PAGE_SIZE = 10;

export interface GroupFilters {
  page: number;
  status: 'active' | 'deleted' | null;
  group: AdminGroup | null;
  search: string;
}

/** Query keys of the users area; mutations invalidate only their own branch. */
export const userKeys = {
  all: ['users'] as const,
  me: (userId: string | null) => ['users', 'me', userId] as const,
  lists: () => ['users', 'list'] as const,
  list: (page: number) => ['users', 'list', page] as const,
  invitations: () => ['users', 'invitations'] as const,
  invitationList: (page: number, status: InvitationStatus | null) =>
    ['users', 'invitations', page, status] as const,
  groups: () => ['users', 'groups'] as const,
  groupList: (filters: GroupFilters) => ['users', 'groups', filters] as const,
  adminGroups: () => ['users', 'adminGroups'] as const,
  linkCandidates: (search: string) => ['users', 'groups', 'candidates', search] as const,
  companyUsers: (merchantId: string, page: number) => ['users', 'company', merchantId, page] as const,
  knownCompanies: (name: string) => ['users', 'knownCompanies', name] as const,
};

/** The logged-in user's profile (GET /frusrs/me): email state, MFA, settings, companies. */
export function useMyProfile(options: { notify?: boolean; enabled?: boolean } = {}) {
  const session = useSession();
  return useApiQuery(
    apiRoutes.userProfile,
    { params: { id: 'me' } },
    {
      queryKey: userKeys.me(session.userId),
      enabled: session.isLoggedIn && (options.enabled ?? true),
      staleTime: 60_000,
      select: undefined,
      notify: options.notify ?? true,
    },
  );
}

export function useCompanyUsers(page: number) {
  return useApiQuery(
    apiRoutes.companyUsers,
    { params: { group: 'default_group', page }, query: { rows: USERS_PAGE_SIZE } },
    { queryKey: userKeys.list(page), placeholderData: (previous) => previous },
  );
}

export function useInvitations(page: number, status: InvitationStatus | null) {
  return useApiQuery(
    apiRoutes.listInvitations,
    { params: { page, rows: USERS_PAGE_SIZE }, body: { status } },
    { queryKey: userKeys.invitationList(page, status), placeholderData: (previous) => previous },
  );
}

export function useUserGroups(filters: GroupFilters, enabled: boolean) {
  return useApiQuery(
    apiRoutes.userGroups,
    {
      params: { page: filters.page, rows: USERS_PAGE_SIZE },
      body: {
        status: filters.status,
        group_name: filters.group,
        filter_param: filters.search ? 'email' : null,
        filter_value: filters.search || null,
        sort_param: 'modified',
        sort_order: 'desc',
      },
    },
    { queryKey: userKeys.groupList(filters), enabled, placeholderData: (previous) => previous },
  );
}

export function useAdminGroups(enabled: boolean) {
  return useApiQuery(
    apiRoutes.groups,
    {},
    { queryKey: userKeys.adminGroups(), enabled, staleTime: 10 * 60_000 },
  );
}

const useInvalidate = (...keys: (readonly unknown[])[]) => {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

export function useCreateInvitation() {
  const invalidate = useInvalidate(userKeys.invitations());
  return useApiMutation(apiRoutes.createInvitation, { onSuccess: invalidate });
}

const invitationMutation = (route: typeof apiRoutes.cancelInvitation) => () => {
  const invalidate = useInvalidate(userKeys.invitations());
  return useApiMutation(route, { onSuccess: invalidate });
};
export const useCancelInvitation = invitationMutation(apiRoutes.cancelInvitation);
export const useResendInvitation = invitationMutation(apiRoutes.resendInvitation);
export const useProlongInvitation = invitationMutation(apiRoutes.prolongInvitation);

const userMutation = (route: typeof apiRoutes.resetUserPassword) => () => {
  const invalidate = useInvalidate(userKeys.lists(), userKeys.invitations());
  return useApiMutation(route, { onSuccess: invalidate });
};
export const useResetUserPassword = userMutation(apiRoutes.resetUserPassword);
export const useResetUserMfa = userMutation(apiRoutes.resetUserMfa);
export const useDeactivateUser = userMutation(apiRoutes.deactivateUser);
export const useActivateUser = userMutation(apiRoutes.activateUser);

export function useSetUserRights() {
  const invalidate = useInvalidate(userKeys.lists());
  return useApiMutation(apiRoutes.setUserRights, { onSuccess: invalidate });
}

export function useAddUserGroup() {
  const invalidate = useInvalidate(userKeys.groups());
  return useApiMutation(apiRoutes.addUserGroup, { onSuccess: invalidate });
}

export function useDelUserGroup() {
  const invalidate = useInvalidate(userKeys.groups());
  return useApiMutation(apiRoutes.delUserGroup, { onSuccess: invalidate });
}

/** Switching company changes what every screen shows: everything but the platform poll is refetched. */
export function useChangeCurrentMerchant() {
  const queryClient = useQueryClient();
  return useApiMutation(apiRoutes.changeCurrentMerchant, {
    notify: { titleKey: 'users:company.switchFailed' },
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'platform' }),
  });
}

export function useImpersonate() {
  return useApiMutation(apiRoutes.impersonate);
}

/** Users of any company, for provider staff (spec §6: admin users excluded by the server). */
export function useCompanyUsersOf(merchantId: string | null, page: number) {
  return useApiQuery(
    apiRoutes.companyUsers,
    {
      params: { group: 'default_group', page },
      query: { rows: USERS_PAGE_SIZE, merchant_id: merchantId ?? undefined },
    },
    {
      queryKey: userKeys.companyUsers(merchantId ?? '', page),
      enabled: merchantId !== null,
      placeholderData: (previous) => previous,
    },
  );
}

export interface KnownCompany {
  id: string;
  name: string;
}

const KNOWN_COMPANY_ROWS = 50;

/**
 * Companies staff can pick by name. The route table has no company list for staff yet (spec §7
 * `merchants/company_merchants` is not served), so: companies that went live through boarding, and the
 * staff member's own companies. Any other company is picked by pasting its ID.
 */
/**
 * Companies the caller may pick (staff: every client company), searched by name on the server
 * (`POST /merchants/company_merchants`); the previous answer stays while the next one loads.
 */
export function useKnownCompanies(search: string) {
  const name = search.trim();
  const found = useApiQuery(
    apiRoutes.companyMerchants,
    { params: { page: 1, rows: KNOWN_COMPANY_ROWS }, body: { merchant_name: name || undefined } },
    {
      queryKey: userKeys.knownCompanies(name),
      staleTime: 60_000,
      notify: false,
      placeholderData: (previous) => previous,
    },
  );
  const companies: KnownCompany[] = (found.data?.merchants ?? []).map((m) => ({ id: m.id, name: m.name }));
  return { companies, isPending: found.isPending };
}

/** Users that can be linked to a staff group: those known from group links, searched by email. */
export function useLinkCandidates(search: string, enabled: boolean) {
  return useApiQuery(
    apiRoutes.userGroups,
    {
      params: { page: 1, rows: 50 },
      body: {
        filter_param: search ? 'email' : null,
        filter_value: search || null,
        sort_param: 'email',
        sort_order: 'asc',
      },
    },
    { queryKey: userKeys.linkCandidates(search), enabled, placeholderData: (previous) => previous },
  );
}

/** Action rights for the side menu and guards (spec §6: GET /frusrs/rights). */
export async function loadMyRights(): Promise<string[]> {
  const answer = await callApi(apiRoutes.myRights);
  return answer.actions;
}

/** Rights of the current company as the profile lists them. */
export function currentCompanyRights(profile: MyProfile | undefined): ClientUserRight[] {
  if (!profile?.current_merchant) return [];
  return profile.available_merchants.find((m) => m.id === profile.current_merchant?.id)?.access_rights ?? [];
}
