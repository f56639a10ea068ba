import type { PlatformLabel } from '@portal/domain';
import type { Principal } from './principal.ts';

/** What a service needs to know about the request besides its input. */
export interface RequestContext<P extends Principal = Principal> {
  principal: P;
  requestId: string;
  ip: string;
  userAgent: string;
  /** Minutes east of UTC from the Timezone header (0 when absent). */
  tzOffset: number;
  platform: PlatformLabel;
  idempotencyKey: string | undefined;
}
