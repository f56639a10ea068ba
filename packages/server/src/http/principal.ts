import type { BoardingRole, RouteAuth, RouteDef } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/** A fully logged-in portal user acting for `merchantId` (or for no company, e.g. an admin). */
export interface UserPrincipal {
  kind: 'user';
  userId: string;
  sessionId: string;
  merchantId: string | null;
  isMaster: boolean;
  /** Current group is an admin group (admin, CSM, FIN_OPS_EXTRA). */
  isAdmin: boolean;
  group: string | null;
  /** Action rights by name (spec §6: `wallets/accGetWalletsByMerchant`, `payments/create` ...). */
  rights: ReadonlySet<string>;
  /** Set when an admin acts as this user. */
  impersonatorId: string | null;
  /**
   * The user's own setting: pay-outs they create are approved at once (when their rights allow it).
   * Read with the session, so creating a pay-out needs no extra statement for it.
   */
  autoApprovePayouts: boolean;
}

/** Passed the password, not yet the second factor: opens only the MFA step. */
export interface MfaPrincipal {
  kind: 'mfa';
  userId: string;
  sessionId: string;
}

export interface BoardingPrincipal {
  kind: 'boarding';
  accountUuid: string;
  role: BoardingRole;
  contactId: string;
  sessionId: string;
  scopes: ReadonlySet<string>;
}

export interface VerificationPrincipal {
  kind: 'verification';
  accountUuid: string;
  contactUuid: string;
  sessionId: string;
}

export interface PublicPrincipal {
  kind: 'public';
}

export type Principal =
  | UserPrincipal
  | MfaPrincipal
  | BoardingPrincipal
  | VerificationPrincipal
  | PublicPrincipal;

export type PrincipalFor<A extends RouteAuth> = A extends 'user' | 'admin'
  ? UserPrincipal
  : A extends 'mfa'
    ? MfaPrincipal
    : A extends 'boarding'
      ? BoardingPrincipal
      : A extends 'verification'
        ? VerificationPrincipal
        : PublicPrincipal;

/**
 * Simulator controls are for the admin group only, not every staff group (issue 17); the routes
 * that call this are registered only while the simulator is on.
 */
export function assertAdminGroup(principal: Pick<UserPrincipal, 'group'>): void {
  if (principal.group !== 'admin') throw new DomainError('FORBIDDEN');
}

/** Reads the bearer token of a request and returns who is calling, or throws UNAUTHENTICATED. */
export type AuthResolver = (req: FastifyRequest, route: RouteDef) => Promise<Principal>;

/**
 * Areas that issue tokens register how to read them: identity registers 'user' and 'mfa',
 * boarding registers 'boarding' and 'verification'. 'admin' reuses 'user'.
 */
export class AuthRegistry {
  private readonly resolvers = new Map<RouteAuth, AuthResolver>();

  set(kind: Exclude<RouteAuth, 'public' | 'admin'>, resolver: AuthResolver): void {
    this.resolvers.set(kind, resolver);
  }

  get(kind: RouteAuth): AuthResolver | undefined {
    return this.resolvers.get(kind === 'admin' ? 'user' : kind);
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}
