import { ADMIN_GROUPS, type AdminGroup } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import * as groups from './groups.repo.ts';
import * as repo from './users.repo.ts';

export const GROUP_NAMES = {
  admin: 'Admins',
  CSM: 'Account managers (CSM)',
  FIN_OPS_EXTRA: 'FinOps extra',
} as const satisfies Record<AdminGroup, string>;

type Link = NonNullable<Awaited<ReturnType<typeof groups.findLink>>>;

const linkView = (l: Link) => ({
  user_id: l.userId,
  user_name: l.userName,
  email: l.email,
  group_id: l.group,
  group_name: GROUP_NAMES[l.group],
  status: l.status === 1 ? ('active' as const) : ('deleted' as const),
  created: l.createdAt.toISOString(),
  modified: l.updatedAt.toISOString(),
});

/** Admin groups and the account-manager links of users to them (spec §3, §6). */
export function createGroupsService(deps: AppDeps) {
  const { db, clock } = deps;

  /** Granting staff groups is privilege escalation: only the admin group may do it. */
  function assertAdminGroup(p: UserPrincipal) {
    if (p.group !== 'admin') throw new DomainError('FORBIDDEN');
  }

  async function setLink(
    p: UserPrincipal,
    userId: string,
    group: AdminGroup,
    status: 0 | 1,
    meta: { ip: string; userAgent: string },
  ) {
    assertAdminGroup(p);
    if (userId === p.userId) throw new DomainError('FORBIDDEN');
    const user = await repo.findUser(db, userId);
    if (!user) throw new DomainError('NOT_FOUND');
    await inTransaction(db, async (tx) => {
      await groups.upsertLink(tx, userId, group, status, clock.now());
      const active = await repo.activeGroupsOf(tx, userId);
      // The current group follows the links so a removed group stops working at once.
      const current =
        user.currentGroup && active.includes(user.currentGroup as AdminGroup)
          ? user.currentGroup
          : (active[0] ?? null);
      await repo.updateUser(tx, userId, { currentGroup: current });
      await appendAudit(tx, {
        actorType: 'admin',
        actorId: p.userId,
        action: status ? 'groups.linked' : 'groups.unlinked',
        subjectType: 'user',
        subjectId: userId,
        ...meta,
        details: { group },
      });
    });
    const link = await groups.findLink(db, userId, group);
    if (!link) throw new Error('group link vanished');
    return linkView(link);
  }

  return {
    list: () => ADMIN_GROUPS.map((id) => ({ id, name: GROUP_NAMES[id] })),

    async group(id: AdminGroup) {
      const { rows } = await groups.listLinks(
        db,
        { group: id, status: 'active', sortParam: 'email', sortOrder: 'asc' },
        1000,
        0,
      );
      return { group: { id, name: GROUP_NAMES[id] }, users: rows.map(linkView) };
    },

    /** For a client's User management: the active account managers, by name, without staff dates. */
    async accountManagers() {
      const { rows } = await groups.listLinks(
        db,
        { group: 'CSM', status: 'active', sortParam: 'email', sortOrder: 'asc' },
        1000,
        0,
      );
      return rows.map((l) => {
        const { status: _status, modified: _modified, ...view } = linkView(l);
        return view;
      });
    },

    async links(f: groups.LinkFilter, page: number, rows: number) {
      const r = await groups.listLinks(db, f, rows, (page - 1) * rows);
      return { groups: r.rows.map(linkView), total: r.total };
    },

    add: (p: UserPrincipal, userId: string, group: AdminGroup, meta: { ip: string; userAgent: string }) =>
      setLink(p, userId, group, 1, meta),
    del: (p: UserPrincipal, userId: string, group: AdminGroup, meta: { ip: string; userAgent: string }) =>
      setLink(p, userId, group, 0, meta),
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
