import { apiRoutes, type RouteDef, type RouteResponse } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type CallOptions,
  callApi,
  notifyError,
  useApiMutation,
  useApiQuery,
} from '../../shared/api/index.ts';

/**
 * The verification page holds its own token (a related person is not a portal or boarding user),
 * kept per contact in session storage and sent only with the verification calls.
 */
const tokenKey = (contactUuid: string) => `verification_token_${contactUuid}`;
export const readVerificationToken = (contactUuid: string): string | null =>
  sessionStorage.getItem(tokenKey(contactUuid));
export const storeVerificationToken = (contactUuid: string, token: string | null): void => {
  if (token) sessionStorage.setItem(tokenKey(contactUuid), token);
  else sessionStorage.removeItem(tokenKey(contactUuid));
};

interface Options {
  params?: Record<string, string>;
  body?: unknown;
}

export function callWithToken<R extends RouteDef>(
  route: R,
  token: string | null,
  options: Options = {},
): Promise<RouteResponse<R>> {
  // Without a verification token the call goes out as any other (the session's token, if any).
  return callApi(route, { ...options, token: token ?? undefined } as CallOptions<R>);
}

/** Query keys of the related person's verification page and meeting links. */
export const verificationKeys = {
  all: ['verification'] as const,
  me: (contactUuid: string) => ['verification', 'me', contactUuid] as const,
  meeting: (record: string, invitee: string) => ['verification', 'meeting', record, invitee] as const,
};

export function useVerificationMe(contactUuid: string, token: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: verificationKeys.me(contactUuid),
    enabled: !!token,
    retry: false,
    queryFn: () =>
      callWithToken(apiRoutes.verificationMe, token).catch((error: unknown) => {
        notifyError(error, t);
        throw error;
      }),
  });
}

/** One mutation per verification action; each refreshes the person's state. */
function useTokenMutation<R extends RouteDef>(route: R, token: string | null) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: Options) => callWithToken(route, token, options),
    onSuccess: () => void client.invalidateQueries({ queryKey: verificationKeys.all }),
    onError: (error) => notifyError(error, t),
  });
}

export const usePassportCheck = (token: string | null) =>
  useTokenMutation(apiRoutes.verificationPassport, token);
export const useStartVerification = (token: string | null) =>
  useTokenMutation(apiRoutes.verificationStart, token);
export const useRecheckVerification = (token: string | null) =>
  useTokenMutation(apiRoutes.verificationResult, token);
export const useSignQuestionnaire = (token: string | null) =>
  useTokenMutation(apiRoutes.questionnaireSign, token);

export function useRespondMeeting() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.meetingRespond, {
    onSuccess: () => void client.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}

export const useMeeting = (record: string, invitee: string) =>
  useApiQuery(
    apiRoutes.meetingGet,
    { params: { record }, query: { invitee_id: invitee } },
    { queryKey: verificationKeys.meeting(record, invitee), enabled: !!record && !!invitee, retry: false },
  );
