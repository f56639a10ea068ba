import type { MaintenanceState, RouteDef } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { readMaintenance, writeMaintenance } from './maintenance.repo.ts';

/** Routes a client may still call while maintenance runs: health, platform state, verification. */
// Login and refresh check maintenance themselves once they know the user: admins must still log in
// to end maintenance (identity area, docs/decisions.md).
export const ALWAYS_OPEN = new Set(['/health', '/platform', '/frusrs/tkn']);

export interface MaintenanceService {
  state(): Promise<MaintenanceState>;
  plan(startsAt: Date, message: string, by: string, messageRu?: string): Promise<MaintenanceState>;
  start(message: string | undefined, by: string, messageRu?: string): Promise<MaintenanceState>;
  end(by: string): Promise<MaintenanceState>;
  /** Throws 403 MAINTENANCE (with the state) when maintenance has started and the caller is not exempt. */
  assertOpen(route: RouteDef, principal: Principal): Promise<void>;
}

export function createMaintenanceService(db: Db, clock: Clock): MaintenanceService {
  // A short cache keeps this per-request check off the database under load; a change made by
  // this process clears it, another process's change is seen within a second.
  let cached: { at: number; state: MaintenanceState } | undefined;
  const TTL_MS = 1_000;

  async function state(): Promise<MaintenanceState> {
    const now = clock.now();
    if (cached && now.getTime() - cached.at < TTL_MS && now.getTime() >= cached.at)
      return effective(cached.state, now);
    const row = await readMaintenance(db);
    cached = { at: now.getTime(), state: row };
    return effective(row, now);
  }

  async function write(next: MaintenanceState, by: string): Promise<MaintenanceState> {
    const row = await writeMaintenance(db, next, by);
    cached = undefined;
    return effective(row, clock.now());
  }

  return {
    state,
    plan: (startsAt, message, by, messageRu) =>
      write(
        { state: 'planned', startsAt: startsAt.toISOString(), message, messageRu: messageRu ?? null },
        by,
      ),
    async start(message, by, messageRu) {
      const current = await state();
      // A new en-gb text without a Russian one must not leave the planned Russian text beside it.
      const ru = messageRu ?? (message === undefined ? current.messageRu : null);
      return write(
        {
          state: 'started',
          startsAt: clock.now().toISOString(),
          message: message ?? current.message,
          messageRu: ru,
        },
        by,
      );
    },
    end: (by) => write({ state: 'none', startsAt: null, message: null, messageRu: null }, by),
    async assertOpen(route, principal) {
      if (ALWAYS_OPEN.has(route.path) || route.auth === 'verification') return;
      if (principal.kind === 'user' && principal.isAdmin) return;
      const s = await state();
      if (s.state === 'started') throw new DomainError('MAINTENANCE', {}, { extra: { maintenance: s } });
    },
  };
}

/** Planned maintenance whose start time has passed counts as started (spec §2: logged out, login). */
function effective(s: MaintenanceState, now: Date): MaintenanceState {
  if (s.state === 'planned' && s.startsAt && new Date(s.startsAt) <= now) return { ...s, state: 'started' };
  return s;
}
