import {
  type BoardingRole,
  type OtpPurpose,
  type PasswordCounts,
  scopesForRole,
  TOKEN_TTL_MS,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { type BoardingPrincipal, bearerToken, type VerificationPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { assertNewPasswordAcceptable, hashPassword, verifyPassword } from '../auth/credentials.ts';
import { createOtpCodes } from './access-otp.ts';
import { boardingRecords } from './access-records.ts';
import * as repo from './access.repo.ts';

const ALG = 'HS256';
const ISSUER = 'portal-boarding';
const OTP_SESSION_TTL_MS = 10 * 60_000;
const LOGIN_MAX_FAILURES = 5;
const LOGIN_BLOCK_MS = 15 * 60_000;
const LINK_ROLES = ['bc', 'as', 'lr'] as const satisfies readonly BoardingRole[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Purpose = 'otp' | 'boarding' | 'verification';
export interface Meta {
  ip: string;
  userAgent: string;
}

/** Roles a contact holds: bc by invitation, as/lr through the related person it is linked to. */
export function rolesOf(contact: repo.ContactRow, person: repo.PersonRow | undefined): BoardingRole[] {
  const roles: BoardingRole[] = [];
  if (contact.isBc) roles.push('bc');
  if (person?.isAs) roles.push('as');
  if (person?.isLr) roles.push('lr');
  return roles;
}

export function createAccessService(deps: AppDeps) {
  const { db, clock } = deps;
  const key = new TextEncoder().encode(deps.config.jwtSecret);
  const now = () => clock.now();
  const otp = createOtpCodes(deps, key);

  /** A live link: known record, a role that logs in, boarding not finished. */
  async function openLink(db: DbOrTx, uuid: string, role: string) {
    const linkRole = LINK_ROLES.find((r) => r === role);
    if (!UUID.test(uuid) || !linkRole) throw new DomainError('BOARDING_LINK_INVALID');
    const account = await repo.findAccount(db, uuid);
    if (!account) throw new DomainError('BOARDING_LINK_INVALID');
    if (account.state === 'live') throw new DomainError('BOARDING_FINISHED');
    return { account, role: linkRole };
  }

  async function contactRoles(db: DbOrTx, contact: repo.ContactRow) {
    const person = contact.personId
      ? await repo.findPerson(db, contact.accountId, contact.personId)
      : undefined;
    return { person, roles: rolesOf(contact, person) };
  }

  const blocked = (until: Date) =>
    new DomainError('BOARDING_LOGIN_BLOCKED', {
      minutes: Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 60_000)),
    });
  /** The end of the block running now for a contact (`fallback` when it ended meanwhile). */
  const blockEnd = async (contact: repo.ContactRow, fallback: Date) =>
    (await repo.findContact(db, contact.accountId, contact.id))?.blockedUntil ?? fallback;

  /**
   * `role` and `scopes` ride in the token for the browser's section guards (spec §2: a missing
   * scope is routed like a missing login); the server recomputes both on every call.
   */
  async function sign(
    sessionId: string,
    contactId: string,
    purpose: Purpose,
    expiresAt: Date,
    access: { role: BoardingRole | null; scopes: readonly string[] } = { role: null, scopes: [] },
  ) {
    return new SignJWT({ sid: sessionId, pur: purpose, role: access.role, scopes: [...access.scopes] })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(contactId)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  async function issue(
    tx: DbOrTx,
    contact: repo.ContactRow,
    purpose: Purpose,
    role: BoardingRole | null,
    meta: Meta,
    scopes: readonly string[] = [],
  ) {
    const ttl = purpose === 'otp' ? OTP_SESSION_TTL_MS : TOKEN_TTL_MS;
    const expiresAt = new Date(now().getTime() + ttl);
    const s = await repo.insertSession(tx, {
      accountId: contact.accountId,
      contactId: contact.id,
      role,
      purpose,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return { token: await sign(s.id, contact.id, purpose, expiresAt, { role, scopes }), sessionId: s.id };
  }

  /** Reads a bearer token of one purpose; the session must be live and the record not finished. */
  async function readToken(token: string | undefined, purpose: Purpose) {
    if (!token) throw new DomainError('UNAUTHENTICATED');
    let payload: { sub?: string; sid?: unknown; pur?: unknown };
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: [ALG], issuer: ISSUER, currentDate: now() }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw new DomainError('UNAUTHENTICATED');
      throw err;
    }
    const sid = typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : undefined;
    if (!sid || payload.pur !== purpose) throw new DomainError('UNAUTHENTICATED');
    const s = await repo.findSession(db, sid);
    if (!s || s.purpose !== purpose || s.contactId !== payload.sub || s.expiresAt <= now())
      throw new DomainError('UNAUTHENTICATED');
    const account = await repo.findAccount(db, s.accountId);
    if (account?.state === 'live') throw new DomainError('BOARDING_FINISHED');
    if (s.revokedAt || !account) throw new DomainError('UNAUTHENTICATED');
    const contact = await repo.findContact(db, s.accountId, s.contactId);
    if (!contact) throw new DomainError('UNAUTHENTICATED');
    return { session: s, account, contact };
  }

  return {
    openLink,
    rolesOf: contactRoles,
    issue,

    async accountInfo(uuid: string) {
      const account = UUID.test(uuid) ? await repo.findAccount(db, uuid) : undefined;
      if (!account) throw new DomainError('BOARDING_LINK_INVALID');
      return { account_name: account.name, finished: account.state === 'live' };
    },

    async needPassword(uuid: string, role: string, email: string | undefined) {
      const { account, role: linkRole } = await openLink(db, uuid, role);
      if (email) {
        const contact = await repo.findContactByEmail(db, account.id, email);
        // Unknown emails answer like a contact that still has to set its password (no enumeration).
        return { setPss: !contact?.passwordHash, accountName: account.name };
      }
      // Without an email: the first visit of a link whose role nobody has a password for yet.
      const contacts = await repo.listContacts(db, account.id);
      const persons = new Map((await repo.listPersons(db, account.id)).map((p) => [p.id, p]));
      const holders = contacts.filter((c) =>
        rolesOf(c, c.personId ? persons.get(c.personId) : undefined).includes(linkRole),
      );
      return { setPss: !holders.some((c) => c.passwordHash), accountName: account.name };
    },

    async setPassword(uuid: string, role: string, email: string, digest: string, counts: PasswordCounts) {
      const link = await openLink(db, uuid, role);
      assertNewPasswordAcceptable(digest, counts);
      const contact = await repo.findContactByEmail(db, link.account.id, email);
      if (!contact || !(await contactRoles(db, contact)).roles.includes(link.role))
        throw new DomainError('BOARDING_LOGIN_FAILED');
      if (contact.passwordHash) throw new DomainError('BOARDING_PASSWORD_SET');
      await repo.updateContact(db, contact.id, { passwordHash: await hashPassword(digest) });
    },

    async login(uuid: string, role: string, email: string, digest: string, meta: Meta) {
      const link = await openLink(db, uuid, role);
      const contact = await repo.findContactByEmail(db, link.account.id, email);
      // While a block runs nothing is checked, so a guess inside the block learns nothing.
      if (contact?.blockedUntil && contact.blockedUntil > now()) throw blocked(contact.blockedUntil);
      if (!contact) {
        await verifyPassword(undefined, digest); // same time as a known address
        throw new DomainError('BOARDING_LOGIN_FAILED');
      }
      if (!contact.passwordHash) throw new DomainError('BOARDING_PASSWORD_NOT_SET');
      // Nothing is reserved before the check (as confirmations, issue 34): only a wrong answer uses
      // one of the five attempts, counted atomically, so parallel right logins never block.
      const passwordOk = await verifyPassword(contact.passwordHash, digest);
      const roles = (await contactRoles(db, contact)).roles;
      if (!passwordOk || !roles.includes(link.role)) {
        const blockUntil = new Date(now().getTime() + LOGIN_BLOCK_MS);
        const counted = await repo.countWrongLogin(db, {
          contactId: contact.id,
          max: LOGIN_MAX_FAILURES,
          blockUntil,
          now: now(),
        });
        // Null: a block started by wrong answers judged just before this one.
        if (counted === null) throw blocked(await blockEnd(contact, blockUntil));
        throw new DomainError('BOARDING_LOGIN_FAILED');
      }
      // A right answer judged after parallel wrong answers started a block is refused.
      const issued = await inTransaction(db, async (tx) =>
        (await repo.endWrongLogins(tx, contact.id, now()))
          ? issue(tx, contact, 'otp', link.role, meta)
          : null,
      );
      if (!issued) throw blocked(await blockEnd(contact, new Date(now().getTime() + LOGIN_BLOCK_MS)));
      await otp.send(contact, 'boarding_verification');
      return { token: issued.token, contactUuid: contact.id };
    },

    async generateOtp(type: OtpPurpose, accUuid: string, contactUuid: string) {
      if (!UUID.test(accUuid) || !UUID.test(contactUuid)) throw new DomainError('BOARDING_LINK_INVALID');
      const account = await repo.findAccount(db, accUuid);
      const contact = account && (await repo.findContact(db, account.id, contactUuid));
      if (!account || !contact) throw new DomainError('BOARDING_LINK_INVALID');
      if (account.state === 'live') throw new DomainError('BOARDING_FINISHED');
      if (type === 'initial_verification' && (!contact.personId || !account.verLinksSentAt))
        throw new DomainError('BOARDING_LINK_INVALID');
      await otp.send(contact, type);
    },

    /** Code → token: boarding_verification needs the pre-OTP token of the login; initial_verification the link ids. */
    async exchangeOtp(
      kind: OtpPurpose,
      req: FastifyRequest,
      body: { acc_uuid: string; contact_uuid: string; otp_code: string },
      meta: Meta,
    ) {
      if (kind === 'boarding_verification') {
        const { session, account, contact } = await readToken(bearerToken(req), 'otp');
        if (account.id !== body.acc_uuid || contact.id !== body.contact_uuid || !session.role)
          throw new DomainError('UNAUTHENTICATED');
        await otp.consume(contact.id, kind, body.otp_code);
        const role = session.role;
        return inTransaction(db, async (tx) => {
          await repo.revokeSession(tx, session.id, now());
          const scopes = role ? scopesForRole(role, { hasPartner: !!account.partner }) : [];
          const issued = await issue(tx, contact, 'boarding', role, meta, scopes);
          await appendAudit(tx, {
            actorType: 'boarding',
            actorId: contact.id,
            action: 'boarding.login',
            subjectType: 'boarding',
            subjectId: account.id,
            ...meta,
            details: { role },
          });
          return { token: issued.token, role, scopes };
        });
      }
      if (!UUID.test(body.acc_uuid) || !UUID.test(body.contact_uuid))
        throw new DomainError('BOARDING_LINK_INVALID');
      const account = await repo.findAccount(db, body.acc_uuid);
      const contact = account && (await repo.findContact(db, account.id, body.contact_uuid));
      if (!account || !contact?.personId) throw new DomainError('BOARDING_LINK_INVALID');
      if (account.state === 'live') throw new DomainError('BOARDING_FINISHED');
      await otp.consume(contact.id, kind, body.otp_code);
      const issued = await issue(db, contact, 'verification', null, meta);
      return { token: issued.token, role: null, scopes: [] };
    },

    async resolveBoarding(req: FastifyRequest): Promise<BoardingPrincipal> {
      const { session, account, contact } = await readToken(bearerToken(req), 'boarding');
      const role = session.role;
      // A role lost since login (person deleted or changed) ends the session.
      if (!role || !(await contactRoles(db, contact)).roles.includes(role))
        throw new DomainError('UNAUTHENTICATED');
      return {
        kind: 'boarding',
        accountUuid: account.id,
        role,
        contactId: contact.id,
        sessionId: session.id,
        scopes: new Set(scopesForRole(role, { hasPartner: !!account.partner })),
      };
    },

    async resolveVerification(req: FastifyRequest): Promise<VerificationPrincipal> {
      const { session, account, contact } = await readToken(bearerToken(req), 'verification');
      return {
        kind: 'verification',
        accountUuid: account.id,
        contactUuid: contact.id,
        sessionId: session.id,
      };
    },

    async refresh(
      sessionId: string,
      contactId: string,
      purpose: Purpose,
      access?: { role: BoardingRole | null; scopes: readonly string[] },
    ) {
      const expiresAt = new Date(now().getTime() + TOKEN_TTL_MS);
      await repo.extendSession(db, sessionId, expiresAt);
      return sign(sessionId, contactId, purpose, expiresAt, access);
    },

    async switchRole(p: BoardingPrincipal, role: BoardingRole, meta: Meta) {
      const contact = await repo.findContact(db, p.accountUuid, p.contactId);
      const account = await repo.findAccount(db, p.accountUuid);
      if (!contact || !account) throw new DomainError('UNAUTHENTICATED');
      if (!(await contactRoles(db, contact)).roles.includes(role))
        throw new DomainError('ROLE_NOT_AVAILABLE');
      return inTransaction(db, async (tx) => {
        await repo.revokeSession(tx, p.sessionId, now());
        const scopes = scopesForRole(role, { hasPartner: !!account.partner });
        const issued = await issue(tx, contact, 'boarding', role, meta, scopes);
        return { token: issued.token, role, scopes };
      });
    },

    revokeAll: (tx: DbOrTx, accountId: string) => repo.revokeAccountSessions(tx, accountId, now()),

    /** Record access for the sibling boarding areas (access-records.ts). */
    records: boardingRecords,
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
/** Record access for the sibling boarding areas (see `records` above). */
export type BoardingRecords = AccessService['records'];
export type { AccountRow, ContactRow, PersonRow } from './access.repo.ts';

/** The `:uuid/:role` of a spec path must be the caller's own record and role. */
export function assertOwnLink(p: BoardingPrincipal, params: { uuid: string; role: string }): void {
  if (params.uuid !== p.accountUuid || params.role !== p.role) throw new DomainError('FORBIDDEN');
}
