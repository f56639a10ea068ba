import { z } from 'zod';
import { defineRoute, ok, pageParams, sortOrder } from '../api/route.ts';
import { ADMIN_GROUPS, AM_LINK_STATUSES } from '../enums/users.ts';

const id = z.uuid();

export const groupLinkSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  email: z.string(),
  group_id: z.enum(ADMIN_GROUPS),
  group_name: z.string(),
  status: z.enum(AM_LINK_STATUSES),
  created: z.string(),
  modified: z.string(),
});

const groupSchema = z.object({ id: z.enum(ADMIN_GROUPS), name: z.string() });
const userGroupBody = z.object({ user_id: id, group_id: z.enum(ADMIN_GROUPS) });

/** Admin groups and account-manager links (spec §7 user_available_groups, groups). */
export const groupsRoutes = {
  groups: defineRoute({
    method: 'GET',
    path: '/groups',
    summary: 'Admin groups',
    tag: 'users',
    auth: 'admin',
    errors: ['NOT_FOUND', 'ONLY_MASTER_USER'],
    response: ok({ groups: z.array(groupSchema) }),
  }),
  group: defineRoute({
    method: 'GET',
    path: '/groups/:id',
    summary: 'One admin group with its active members',
    tag: 'users',
    auth: 'admin',
    params: z.object({ id: z.enum(ADMIN_GROUPS) }),
    response: ok({ group: groupSchema, users: z.array(groupLinkSchema) }),
  }),
  userGroups: defineRoute({
    method: 'POST',
    path: '/user_available_groups/get_user_groups/:page/:rows',
    summary: 'Account managers and staff: links of users to admin groups',
    tag: 'users',
    auth: 'admin',
    params: pageParams,
    body: z.object({
      status: z.enum(AM_LINK_STATUSES).nullish(),
      group_name: z.enum(ADMIN_GROUPS).nullish(),
      filter_param: z.enum(['email', 'user_name']).nullish(),
      filter_value: z.string().max(254).nullish(),
      sort_param: z.enum(['created', 'modified', 'email', 'group_name']).nullish(),
      sort_order: sortOrder.nullish(),
    }),
    response: ok({ groups: z.array(groupLinkSchema), total: z.number().int() }),
  }),
  addUserGroup: defineRoute({
    method: 'POST',
    path: '/user_available_groups/add_user_groups',
    summary: 'Link a user to an admin group (admin group only)',
    tag: 'users',
    auth: 'admin',
    errors: ['NOT_FOUND'],
    body: userGroupBody,
    response: ok({ group: groupLinkSchema }),
  }),
  companyAccountManagers: defineRoute({
    method: 'GET',
    path: '/user_available_groups/account_managers',
    summary: "The provider's account managers who look after the caller's company (active CSM links)",
    tag: 'users',
    auth: 'user',
    right: 'users/manage',
    response: ok({ managers: z.array(groupLinkSchema.omit({ status: true, modified: true })) }),
  }),
  delUserGroup: defineRoute({
    method: 'POST',
    path: '/user_available_groups/del_user_groups',
    summary: 'Mark a user-group link deleted (admin group only)',
    tag: 'users',
    auth: 'admin',
    errors: ['NOT_FOUND'],
    body: userGroupBody,
    response: ok({ group: groupLinkSchema }),
  }),
};
