import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { verificationSimChecks } from '../../db/schema/index.ts';

/** Outcomes of an ID & facial check (spec §4) as the provider reports them. */
export type VerificationOutcome = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'DECLINED_AML' | 'UNKNOWN';

export interface VerificationSubject {
  firstName: string;
  lastName: string;
  birthDate: string;
  documentNumber: string;
}

/** ID & facial verification provider (design §8). Throws {@link VerificationUnavailable} when unreachable. */
export interface VerificationProvider {
  start(person: VerificationSubject): Promise<{ reference: string; hostedUrl: string }>;
  result(reference: string): Promise<VerificationOutcome>;
}

export class VerificationUnavailable extends Error {}

/** Seconds the simulated check takes before it has a result. */
export const SIMULATED_CHECK_SECONDS = 5;

/**
 * Built-in simulator. The outcome follows the person's last name so demos and tests choose it:
 * 'Decline' → DECLINED, 'Aml' → DECLINED_AML, 'Pending' → stays PENDING, 'Unknown' → UNKNOWN,
 * 'Outage' → provider unreachable; anything else → ACCEPTED after {@link SIMULATED_CHECK_SECONDS}.
 * State lives in the database so every server process sees the same checks.
 */
export class SimulatedVerificationProvider implements VerificationProvider {
  /** Simulated outage of the whole provider (tests, operations drills). */
  outage = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  async start(person: VerificationSubject) {
    const name = person.lastName.toLowerCase();
    if (this.outage || name.includes('outage'))
      throw new VerificationUnavailable('verification provider unreachable');
    const outcome: VerificationOutcome = name.includes('decline')
      ? 'DECLINED'
      : name.includes('aml')
        ? 'DECLINED_AML'
        : name.includes('pending')
          ? 'PENDING'
          : name.includes('unknown')
            ? 'UNKNOWN'
            : 'ACCEPTED';
    const reference = `sim_${randomUUID()}`;
    const readyAt = new Date(this.clock.now().getTime() + SIMULATED_CHECK_SECONDS * 1000);
    await this.db.insert(verificationSimChecks).values({ reference, outcome, readyAt });
    return { reference, hostedUrl: `${this.publicUrl}/api/verification-sim/${reference}` };
  }

  async result(reference: string): Promise<VerificationOutcome> {
    if (this.outage) throw new VerificationUnavailable('verification provider unreachable');
    const [row] = await this.db
      .select()
      .from(verificationSimChecks)
      .where(eq(verificationSimChecks.reference, reference));
    if (!row) return 'UNKNOWN';
    if (row.readyAt > this.clock.now()) return 'PENDING';
    return row.outcome as VerificationOutcome;
  }
}
