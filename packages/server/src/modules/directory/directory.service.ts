import type { DirectoryFilter, DirectoryProfile, DirectoryStatus } from '@portal/domain';
import { normalizeFilter } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { RequestContext } from '../../http/context.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import * as repo from './directory.repo.ts';

export type Caller = Pick<RequestContext<UserPrincipal>, 'principal' | 'ip' | 'userAgent'>;

const view = (r: repo.DirectoryRow) => ({
  merchant_id: r.merchantId,
  display_name: r.displayName,
  description: r.description,
  services: r.services,
  countries: r.countries,
  currencies: r.currencies,
  networks: r.networks,
  website: r.website,
  contact_name: r.contactName,
  contact_email: r.contactEmail,
  status: r.status,
  joined_at: r.joinedAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const valuesOf = (p: DirectoryProfile): repo.DirectoryValues => ({
  displayName: p.display_name,
  description: p.description,
  services: [...new Set(p.services)],
  countries: [...new Set(p.countries)],
  currencies: [...new Set(p.currencies)],
  networks: [...new Set(p.networks)],
  website: p.website,
  contactName: p.contact_name,
  contactEmail: p.contact_email,
});

/** `*` wildcards of spec §5; other LIKE characters are literal; no wildcard means "contains". */
function patternOf(search: string | undefined): string | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const value = normalizeFilter('search', escaped).value;
  return text.includes('*') ? value : `%${value}%`;
}

const queryOf = (f: DirectoryFilter): repo.DirectoryQuery => ({
  pattern: patternOf(f.search),
  service: f.service,
  country: f.country,
  currency: f.currency,
  network: f.network,
});

/**
 * The crypto-sector directory (spec §1, §6): every client company's users read the published
 * entries; only the company's Master User joins, changes or leaves ('Only Master User is able to
 * perform this operation.'); staff moderate. Each change is audit-logged in its transaction.
 */
export function createDirectoryService(deps: AppDeps) {
  const { db, clock } = deps;

  function companyOf(p: UserPrincipal): string {
    if (!p.merchantId) throw new DomainError('NOT_FOUND');
    return p.merchantId;
  }

  function masterOnly(p: UserPrincipal): string {
    const merchantId = companyOf(p);
    // Staff acting as a Master User (impersonation) act with that user's standing.
    if (!p.isMaster) throw new DomainError('DIRECTORY_MASTER_ONLY');
    return merchantId;
  }

  const audit = (
    tx: Parameters<typeof appendAudit>[0],
    c: Caller,
    action: string,
    merchantId: string,
    details = {},
  ) =>
    appendAudit(tx, {
      actorType: 'user',
      actorId: c.principal.userId,
      action,
      subjectType: 'merchant',
      subjectId: merchantId,
      ip: c.ip,
      userAgent: c.userAgent,
      details: { ...details, impersonator: c.principal.impersonatorId },
    });

  return {
    async list(p: UserPrincipal, f: DirectoryFilter, page: number, rows: number) {
      companyOf(p);
      const q = { ...queryOf(f), status: 'published' as const };
      const [entries, quantity] = await Promise.all([
        repo.listEntries(db, q, page, rows),
        repo.countEntries(db, q),
      ]);
      return { entries: entries.map(view), quantity };
    },

    async own(p: UserPrincipal) {
      const entry = await repo.findEntry(db, companyOf(p));
      return { entry: entry ? view(entry) : null, can_manage: p.isMaster };
    },

    async join(c: Caller, profile: DirectoryProfile) {
      const merchantId = masterOnly(c.principal);
      return inTransaction(db, async (tx) => {
        const row = await repo.insertEntry(tx, merchantId, valuesOf(profile), clock.now());
        if (!row) throw new DomainError('DIRECTORY_ALREADY_JOINED');
        await audit(tx, c, 'directory_join', merchantId);
        return view(row);
      });
    },

    async change(c: Caller, profile: DirectoryProfile) {
      const merchantId = masterOnly(c.principal);
      return inTransaction(db, async (tx) => {
        const row = await repo.updateEntry(tx, merchantId, valuesOf(profile), clock.now());
        if (!row) throw new DomainError('DIRECTORY_NOT_JOINED');
        await audit(tx, c, 'directory_change', merchantId);
        return view(row);
      });
    },

    async leave(c: Caller) {
      const merchantId = masterOnly(c.principal);
      await inTransaction(db, async (tx) => {
        if (!(await repo.deleteEntry(tx, merchantId))) throw new DomainError('DIRECTORY_NOT_JOINED');
        await audit(tx, c, 'directory_leave', merchantId);
      });
    },

    async operatorList(f: DirectoryFilter & { status?: DirectoryStatus }, page: number, rows: number) {
      const q = { ...queryOf(f), status: f.status };
      const [entries, quantity] = await Promise.all([
        repo.listEntries(db, q, page, rows),
        repo.countEntries(db, q),
      ]);
      const names = await service(deps, 'merchants').namesOf(entries.map((e) => e.merchantId));
      return {
        entries: entries.map((e) => ({
          ...view(e),
          company_name: names.get(e.merchantId) ?? '',
          moderation_note: e.moderationNote,
        })),
        quantity,
      };
    },

    async moderate(c: Caller, merchantId: string, status: DirectoryStatus, note: string) {
      return inTransaction(db, async (tx) => {
        const row = await repo.updateEntry(tx, merchantId, { status, moderationNote: note }, clock.now());
        if (!row) throw new DomainError('NOT_FOUND');
        await audit(tx, c, 'directory_moderate', merchantId, { status, note });
        return view(row);
      });
    },
  };
}
export type DirectoryService = ReturnType<typeof createDirectoryService>;
