import type { PlatformLabel } from '@portal/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import * as repo from './merchants.repo.ts';

type MerchantRow = NonNullable<Awaited<ReturnType<typeof repo.findMerchant>>>;

/** Name filter of spec §5: `*` is a wildcard; other LIKE characters are taken literally. */
export function namePattern(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const escaped = trimmed.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  // With a wildcard the user placed it; without one, the name may contain the text anywhere.
  return trimmed.includes('*') ? escaped : `%${escaped}%`;
}

const row = (m: MerchantRow) => ({
  id: m.id,
  name: m.name,
  service_code: m.serviceCode,
  platform: m.platform,
  status: m.status,
  created_at: m.createdAt.toISOString(),
});

export function createMerchantsService(db: Db) {
  /** Staff see every client company; a client user only the companies they belong to. */
  async function scopeOf(p: UserPrincipal, name: string | undefined): Promise<repo.MerchantScope> {
    const pattern = namePattern(name);
    if (p.isAdmin) return { namePattern: pattern };
    return { ids: await repo.memberMerchantIds(db, p.userId), namePattern: pattern };
  }

  return {
    /** A new company (boarding go-live through users' createCompany, demo seeds), in the caller's transaction. */
    createCompany: (
      tx: DbOrTx,
      input: { name: string; platform: PlatformLabel; additionalData: Record<string, string> },
    ) => repo.insertMerchant(tx, input),

    /** Companies a user is an active member of (notifications list new movements across all of them). */
    memberMerchantIds: (userId: string) => repo.memberMerchantIds(db, userId),

    async list(p: UserPrincipal, name: string | undefined, page: number, rows: number) {
      const scope = await scopeOf(p, name);
      const [merchants, quantity] = await Promise.all([
        repo.listMerchants(db, scope, page, rows),
        repo.countMerchants(db, scope),
      ]);
      return { merchants: merchants.map(row), quantity };
    },

    async count(p: UserPrincipal, name: string | undefined) {
      return repo.countMerchants(db, await scopeOf(p, name));
    },

    /** Another company's id answers 404, as if it did not exist. */
    async data(p: UserPrincipal, id: string) {
      const m = await repo.findMerchant(db, id);
      const allowed = m && (p.isAdmin || (await repo.memberMerchantIds(db, p.userId)).includes(m.id));
      if (!m || !allowed) throw new DomainError('NOT_FOUND');
      return {
        ...row(m),
        additional_data: m.additionalData,
        new_iban_same_id_forced_creation: m.newIbanSameIdForcedCreation,
        settings: { ipWhitelist: m.ipWhitelist, postbackUrls: m.postbackUrls },
      };
    },

    /** Company names by id, unscoped: callers show them only to staff or to the company itself. */
    namesOf: (ids: string[]) => repo.namesOf(db, ids),

    /** Every live company's id, for jobs that sweep all companies. */
    activeIds: () => repo.activeMerchantIds(db),

    /** Settings of one company, unscoped: callers (the settings area) check the caller first. */
    async settingsOf(db2: DbOrTx, id: string) {
      const m = await repo.findMerchant(db2, id);
      return m ? { id: m.id, ipWhitelist: m.ipWhitelist, postbackUrls: m.postbackUrls } : undefined;
    },

    async updateSettings(
      tx: DbOrTx,
      id: string,
      patch: { ipWhitelist?: string[]; postbackUrls?: Record<string, string> },
    ) {
      const m = await repo.updateMerchantSettings(tx, id, patch);
      if (!m) throw new DomainError('NOT_FOUND');
      return { ipWhitelist: m.ipWhitelist, postbackUrls: m.postbackUrls };
    },
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
