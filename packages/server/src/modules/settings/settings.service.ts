import {
  type CompanySettings,
  checkIpWhitelist,
  IP_WHITELIST_MAX_ENTRIES,
  isAddressWhitelisted,
  NOTIFICATION_URL_KINDS,
  POSTBACK_TYPES,
  type PostbackUrls,
} from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { assertCompanyManager } from '../postbacks/postbacks.service.ts';
import { type TargetProblem, urlError, vetTarget } from '../postbacks/url-guard.ts';
import { IP_WHITELIST_CACHE_MS, type IpGuard } from './ip-guard.ts';
import * as repo from './settings.repo.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** Field code of a refused white list entry; the browser translates `settings:errors.<code>`. */
const ENTRY_CODES = { malformed: 'IP_MALFORMED', duplicate: 'IP_DUPLICATE' } as const;

export function createSettingsService(deps: AppDeps, guard: IpGuard) {
  const merchants = () => service(deps, 'merchants');
  const postbacks = () => service(deps, 'postbacks');
  const allowInsecure = deps.config.postbackAllowInsecure;

  const actor = (p: UserPrincipal) => ({
    actorType: p.isAdmin ? ('admin' as const) : ('user' as const),
    actorId: p.impersonatorId ?? p.userId,
  });

  /** Checks every URL (text rules and resolved addresses); all problems at once, by field. */
  async function vetAll(entries: [string, string][]): Promise<void> {
    const problems: Record<string, TargetProblem> = {};
    await Promise.all(
      entries.map(async ([field, url]) => {
        if (!url) return;
        const r = await vetTarget(url, { allowInsecure });
        if ('problem' in r) problems[field] = r.problem;
      }),
    );
    if (Object.keys(problems).length) throw urlError(problems);
  }

  async function view(merchantId: string, callerIp: string): Promise<CompanySettings> {
    const [m, s, secret] = await Promise.all([
      merchants().settingsOf(deps.db, merchantId),
      repo.findCompanySettings(deps.db, merchantId),
      postbacks().secretState(merchantId),
    ]);
    if (!m) throw new DomainError('NOT_FOUND');
    return {
      ipWhitelist: m.ipWhitelist,
      postbackUrls: m.postbackUrls,
      notification_urls: s?.notificationUrls ?? {},
      messengers: {
        chat_webhook_url: s?.messengers.chat_webhook_url ?? '',
        team_email: s?.messengers.team_email ?? '',
      },
      secret,
      caller_ip: callerIp,
      ip_whitelist_apply_seconds: IP_WHITELIST_CACHE_MS / 1000,
      allow_insecure_urls: allowInsecure,
    };
  }

  return {
    async companySettings(p: UserPrincipal, merchantId: string, meta: RequestMeta) {
      await assertCompanyManager(deps, p, merchantId);
      return view(merchantId, meta.ip);
    },

    /**
     * Replaces the white list. Refused with nothing written: malformed or repeated entries, more
     * than the maximum, an allow-everyone range without confirmation, and a list that would shut
     * out the caller's own address without confirmation (the lock-out warning).
     */
    async updateIpWhitelist(
      p: UserPrincipal,
      merchantId: string,
      body: {
        ipWhitelist: string[];
        confirm_lockout?: boolean | undefined;
        confirm_allow_all?: boolean | undefined;
      },
      meta: RequestMeta,
    ) {
      await assertCompanyManager(deps, p, merchantId);
      if (body.ipWhitelist.length > IP_WHITELIST_MAX_ENTRIES)
        throw new DomainError('IP_WHITELIST_TOO_LONG', { max: IP_WHITELIST_MAX_ENTRIES });
      const input = body.ipWhitelist.filter((e) => e.trim() !== '');
      const check = checkIpWhitelist(input);
      const problems = Object.entries(check.problems);
      if (problems.length) {
        const fields = Object.fromEntries(problems.map(([i, k]) => [`ipWhitelist.${i}`, ENTRY_CODES[k]]));
        throw new DomainError('IP_WHITELIST_INVALID', { count: problems.length }, { fields });
      }
      if (check.allowsEveryone && !body.confirm_allow_all) {
        const range = check.entries.find((e) => e.endsWith('/0')) ?? '0.0.0.0/0';
        throw new DomainError('IP_WHITELIST_ALLOWS_ALL', { range });
      }
      // Staff are never bound by a client's list, so only a client caller can lock themself out.
      if (!p.isAdmin && !isAddressWhitelisted(meta.ip, check.entries) && !body.confirm_lockout)
        throw new DomainError('IP_WHITELIST_LOCKOUT', { ip: meta.ip });
      const saved = await inTransaction(deps.db, async (tx) => {
        const r = await merchants().updateSettings(tx, merchantId, { ipWhitelist: check.entries });
        await appendAudit(tx, {
          ...actor(p),
          action: 'settings.ip_whitelist_changed',
          subjectType: 'merchant',
          subjectId: merchantId,
          ...meta,
          details: { ipWhitelist: check.entries },
        });
        return r;
      });
      guard.invalidate(merchantId);
      return { ipWhitelist: saved.ipWhitelist, ip_whitelist_apply_seconds: IP_WHITELIST_CACHE_MS / 1000 };
    },

    /** Sets or removes (empty text) URLs per type; the others stay. Creates the first signing secret. */
    async updatePostbackUrls(p: UserPrincipal, merchantId: string, urls: PostbackUrls, meta: RequestMeta) {
      await assertCompanyManager(deps, p, merchantId);
      const given = POSTBACK_TYPES.flatMap((t) =>
        urls[t] === undefined ? [] : [[t, urls[t] ?? ''] as const],
      );
      await vetAll(given.map(([t, u]) => [`postbackUrls.${t}`, u]));
      const current = (await merchants().settingsOf(deps.db, merchantId))?.postbackUrls ?? {};
      const next: Record<string, string> = { ...current };
      for (const [t, u] of given) {
        if (u) next[t] = u;
        else delete next[t];
      }
      return inTransaction(deps.db, async (tx) => {
        const r = await merchants().updateSettings(tx, merchantId, { postbackUrls: next });
        const secret = Object.keys(next).length ? await postbacks().ensureSecret(tx, merchantId) : null;
        await appendAudit(tx, {
          ...actor(p),
          action: 'settings.postback_urls_changed',
          subjectType: 'merchant',
          subjectId: merchantId,
          ...meta,
          details: { postbackUrls: next },
        });
        return { postbackUrls: r.postbackUrls, secret };
      });
    },

    async updateNotifications(
      p: UserPrincipal,
      merchantId: string,
      body: {
        notification_urls: Partial<Record<string, string | undefined>>;
        messengers: { chat_webhook_url?: string | undefined; team_email?: string | undefined };
      },
      meta: RequestMeta,
    ) {
      await assertCompanyManager(deps, p, merchantId);
      const urls = Object.fromEntries(
        NOTIFICATION_URL_KINDS.flatMap((k) =>
          body.notification_urls[k] ? [[k, body.notification_urls[k] ?? '']] : [],
        ),
      ) as Record<string, string>;
      const chat = body.messengers.chat_webhook_url ?? '';
      await vetAll([
        ...Object.entries(urls).map(([k, u]) => [`notification_urls.${k}`, u] as [string, string]),
        ['messengers.chat_webhook_url', chat],
      ]);
      const messengers: Record<string, string> = {};
      if (chat) messengers.chat_webhook_url = chat;
      if (body.messengers.team_email) messengers.team_email = body.messengers.team_email;
      await inTransaction(deps.db, async (tx) => {
        await postbacks().saveNotificationSettings(
          tx,
          merchantId,
          { notificationUrls: urls, messengers },
          deps.clock.now(),
        );
        await appendAudit(tx, {
          ...actor(p),
          action: 'settings.notifications_changed',
          subjectType: 'merchant',
          subjectId: merchantId,
          ...meta,
          details: { notification_urls: urls, messengers },
        });
      });
      return view(merchantId, meta.ip);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
