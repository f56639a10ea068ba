import { apiRoutes } from '@portal/domain';
import { callApi } from '../api/client.ts';
import { setSessionToken } from './session-store.ts';

/** Where a boarding session refreshes (spec §7: GET on the boarding login path). */
export interface BoardingSessionRef {
  uuid: string;
  role: string;
}

/**
 * Hook point: refreshes the session token and stores the new one.
 * Normal mode: `apiRoutes.refreshToken` (GET /frusrs/tkn); boarding mode: `apiRoutes.boardingRefresh`
 * (GET /crm_accounts/lgn/{uuid}/{role}, spec §7).
 * Throws the ApiError/NetworkError of the call, so callers can apply the spec §2 rules
 * (message → error page, maintenance → login). The identity and boarding engineers own those endpoints.
 */
export async function refreshToken(boarding?: BoardingSessionRef): Promise<string> {
  const answer = boarding
    ? await callApi(apiRoutes.boardingRefresh, { params: { uuid: boarding.uuid, role: boarding.role } })
    : await callApi(apiRoutes.refreshToken);
  if (!answer?.token) throw new Error('token refresh answered without a token');
  setSessionToken(answer.token);
  return answer.token;
}
