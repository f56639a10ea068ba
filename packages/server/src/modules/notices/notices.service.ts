import type { NewNotice, NoticeView } from '@portal/domain';
import type { z } from 'zod';
import type { noticeListBodySchema } from '@portal/domain';
import { type AppDeps, service } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { emitCompanyEvent } from '../notifications/company-events.ts';
import * as repo from './notices.repo.ts';

export type NoticeListBody = z.output<typeof noticeListBodySchema>;

const view = (n: repo.NoticeRow, readAt: Date | null): NoticeView => ({
  id: n.id,
  title: n.title,
  text: n.body,
  created: n.createdAt.toISOString(),
  starts_on: n.startsOn,
  ends_on: n.endsOn,
  read_status: readAt ? 1 : 0,
});

export function createNoticesService(deps: AppDeps) {
  const { db, clock } = deps;
  const users = () => service(deps, 'users');

  async function audienceOf(p: UserPrincipal): Promise<repo.Audience> {
    const [m] = p.merchantId ? await users().merchantsByIds([p.merchantId]) : [];
    return {
      userId: p.userId,
      merchantId: p.merchantId,
      platform: m?.platform ?? null,
      today: clock.now().toISOString().slice(0, 10),
    };
  }

  return {
    async list(p: UserPrincipal, status: 'unread' | 'read' | 'all', page: number, body: NoticeListBody) {
      const { rows, total } = await repo.listVisible(db, await audienceOf(p), {
        status,
        limit: body.rows,
        offset: (page - 1) * body.rows,
        sortParam: body.sort_param,
        sortOrder: body.sort_order,
        filterParam: body.filter_param,
        filterValue: body.filter_value || undefined,
      });
      return { total, notices: rows.map((r) => view(r.notice, r.readAt)) };
    },

    async get(p: UserPrincipal, id: string) {
      const [row] = await repo.visibleByIds(db, await audienceOf(p), [id]);
      if (!row) throw new DomainError('NOTICE_NOT_FOUND');
      return view(row.notice, row.readAt);
    },

    /** Every id must be a notice addressed to the caller; otherwise nothing is marked. */
    async markRead(p: UserPrincipal, ids: string[]) {
      const unique = [...new Set(ids)];
      const found = await repo.visibleByIds(db, await audienceOf(p), unique);
      if (found.length !== unique.length) throw new DomainError('NOTICE_NOT_FOUND');
      await repo.markRead(db, p.userId, unique, clock.now());
      if (p.merchantId) emitCompanyEvent(p.merchantId, 'notices');
      return 'Notices marked as read.';
    },

    async create(staff: UserPrincipal, input: NewNotice, meta: { ip: string; userAgent: string }) {
      let merchantName: string | null = null;
      if (input.audience === 'company') {
        const [m] = await users().merchantsByIds([input.merchant_id ?? '']);
        if (!m) throw new DomainError('NOTICE_AUDIENCE_INVALID');
        merchantName = m.name;
      }
      const notice = await inTransaction(db, async (tx) => {
        const n = await repo.insertNotice(tx, {
          title: input.title,
          body: input.text,
          audience: input.audience,
          platform: input.audience === 'platform' ? (input.platform ?? null) : null,
          merchantId: input.audience === 'company' ? (input.merchant_id ?? null) : null,
          startsOn: input.starts_on,
          endsOn: input.ends_on,
          createdBy: staff.userId,
          createdAt: clock.now(),
        });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: staff.userId,
          action: 'notice.published',
          subjectType: 'notice',
          subjectId: n.id,
          ip: meta.ip,
          userAgent: meta.userAgent,
          details: { audience: n.audience, platform: n.platform, merchant_id: n.merchantId },
        });
        return n;
      });
      emitCompanyEvent(notice.merchantId ?? '*', 'notices');
      return { ...staffView(notice, 0), merchant_name: merchantName };
    },

    async staffList(page: number, rows: number) {
      const { rows: found, total } = await repo.listAll(db, rows, (page - 1) * rows);
      const merchants = await users().merchantsByIds(
        found.flatMap((r) => (r.notice.merchantId ? [r.notice.merchantId] : [])),
      );
      return {
        total,
        notices: found.map((r) => ({
          ...staffView(r.notice, r.reads),
          merchant_name: merchants.find((m) => m.id === r.notice.merchantId)?.name ?? null,
        })),
      };
    },
  };
}

function staffView(n: repo.NoticeRow, reads: number) {
  const { read_status: _r, ...v } = view(n, null);
  return { ...v, audience: n.audience, platform: n.platform, merchant_id: n.merchantId, reads };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
