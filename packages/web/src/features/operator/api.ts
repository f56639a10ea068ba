import { apiRoutes, type RouteResponse } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';

/** Query keys of the operator console. */
export const operatorKeys = {
  all: ['operator'] as const,
  list: (page: number, rows: number, filter: string, state: string) =>
    ['operator', 'list', page, rows, filter, state] as const,
  record: (uuid: string) => ['operator', 'record', uuid] as const,
};

export type OperatorRecord = RouteResponse<typeof apiRoutes.opBoardingGet>;

export const useBoardingList = (
  page: number,
  rows: number,
  filter: string,
  state: '' | 'in_progress' | 'live',
) =>
  useApiQuery(
    apiRoutes.opBoardingList,
    { params: { page, rows }, body: { filter_value: filter || undefined, state: state || undefined } },
    { queryKey: operatorKeys.list(page, rows, filter, state), placeholderData: (previous) => previous },
  );

export const useBoardingRecord = (uuid: string) =>
  useApiQuery(apiRoutes.opBoardingGet, { params: { uuid } }, { queryKey: operatorKeys.record(uuid) });

export function useCreateBoarding() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.opBoardingCreate, {
    onSuccess: () => void client.invalidateQueries({ queryKey: ['operator', 'list'] }),
  });
}

/** Every action on one record refreshes that record and the list (its state and checklist count). */
function recordMutation<R extends (typeof apiRoutes)[keyof typeof apiRoutes]>(route: R) {
  return function useRecordMutation() {
    const client = useQueryClient();
    return useApiMutation(route, {
      onSuccess: () => void client.invalidateQueries({ queryKey: operatorKeys.all }),
    });
  };
}

export const useInternalCheck = recordMutation(apiRoutes.opInternalCheck);
export const useFileReview = recordMutation(apiRoutes.opFileReview);
export const useAmlDecision = recordMutation(apiRoutes.opAmlDecision);
export const useCreateOffer = recordMutation(apiRoutes.opOfferCreate);
export const useCreateContract = recordMutation(apiRoutes.opContractCreate);
export const useIssueInvoice = recordMutation(apiRoutes.opInvoiceIssue);
export const useInvoicePaid = recordMutation(apiRoutes.opInvoicePaid);
export const useCreateMeeting = recordMutation(apiRoutes.opMeetingCreate);
export const useGoLive = recordMutation(apiRoutes.opGoLive);

/** The staff landing page's queue sizes (issue 36); fresh on every visit to the home page. */
export const useStaffQueues = () =>
  useApiQuery(apiRoutes.opStaffHome, {}, { queryKey: ['operator', 'home'] as const, staleTime: 0 });
