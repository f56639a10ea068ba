import { apiRoutes, type RouteBody, type RouteResponse } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { useRights, useSession } from '../../shared/session/index.ts';

export type Survey = NonNullable<RouteResponse<typeof apiRoutes.currentSurvey>['survey']>;
export type SurveyDefinition = RouteBody<typeof apiRoutes.operatorCreateSurvey>;

export const surveyKeys = {
  all: ['survey'] as const,
  current: (userId: string | null) => ['survey', 'current', userId] as const,
  list: (page: number) => ['survey', 'list', page] as const,
  answers: (id: string) => ['survey', 'answers', id] as const,
};

/** The survey waiting for the logged-in client user (only client users with a company see one). */
export function useCurrentSurvey() {
  const session = useSession();
  const rights = useRights();
  return useApiQuery(
    apiRoutes.currentSurvey,
    {},
    {
      queryKey: surveyKeys.current(session.userId),
      enabled: session.isLoggedIn && !session.isBoarding && rights.isLoaded && rights.has('merchants/view'),
      staleTime: 10 * 60_000,
      notify: false,
    },
  );
}

function useSurveyMutation<R extends typeof apiRoutes.answerSurvey | typeof apiRoutes.skipSurvey>(route: R) {
  const queryClient = useQueryClient();
  return useApiMutation(route, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}
export const useAnswerSurvey = () => useSurveyMutation(apiRoutes.answerSurvey);
export const useSkipSurvey = () => useSurveyMutation(apiRoutes.skipSurvey);

export const useSurveyList = (page: number) =>
  useApiQuery(apiRoutes.operatorSurveys, { params: { page, rows: 10 } }, { queryKey: surveyKeys.list(page) });

export const useSurveyAnswers = (id: string | null) =>
  useApiQuery(
    apiRoutes.operatorSurveyAnswers,
    { params: { id: id ?? '' } },
    { queryKey: surveyKeys.answers(id ?? ''), enabled: id !== null },
  );

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useApiMutation(apiRoutes.operatorCreateSurvey, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}

export function useSetSurveyActive() {
  const queryClient = useQueryClient();
  return useApiMutation(apiRoutes.operatorSurveyActive, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all }),
  });
}
