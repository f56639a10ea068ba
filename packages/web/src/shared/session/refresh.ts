import { apiFetch } from '../api/client.ts';
import { setSessionToken } from './session-store.ts';

interface TokenAnswer {
  success: boolean;
  token?: string;
}

/** Where a boarding session refreshes (spec §7: GET on the boarding login path). */
export interface BoardingSessionRef {
  uuid: string;
  role: string;
}

/**
 * Hook point: refreshes the session token and stores the new one.
 * Normal mode: GET /api/frusrs/tkn; boarding mode: GET /api/crm_accounts/lgn/{uuid}/{role} (spec §7).
 * Throws the ApiError/NetworkError of the call, so callers can apply the spec §2 rules
 * (message → error page, maintenance → login). The identity and boarding engineers own those endpoints.
 */
export async function refreshToken(boarding?: BoardingSessionRef): Promise<string> {
  const path = boarding
    ? `/crm_accounts/lgn/${encodeURIComponent(boarding.uuid)}/${encodeURIComponent(boarding.role)}`
    : '/frusrs/tkn';
  const answer = await apiFetch<TokenAnswer>('GET', path);
  if (!answer?.token) throw new Error('token refresh answered without a token');
  setSessionToken(answer.token);
  return answer.token;
}
