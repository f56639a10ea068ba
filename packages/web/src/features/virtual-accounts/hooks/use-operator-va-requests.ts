import { apiRoutes, type VaRequestStatus } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../../shared/api/index.ts';

/** The query-key root of everything on the operator VA console (requests, groups, companies). */
export const OPERATOR_VA_KEY = ['operator', 'virtual-accounts'] as const;

/** The operator's VA request queue: the status filter, the requests it selects, and the decision. */
export function useOperatorVaRequests() {
  const client = useQueryClient();
  const [status, setStatus] = useState<VaRequestStatus | null>('created');
  const requests = useApiQuery(
    apiRoutes.opVaRequests,
    { params: { page: 1, rows: 50 }, body: status ? { request_status: status } : {} },
    { queryKey: [...OPERATOR_VA_KEY, 'requests', status] },
  );
  const decide = useApiMutation(apiRoutes.opVaDecide, {
    onSuccess: () => void client.invalidateQueries({ queryKey: OPERATOR_VA_KEY }),
  });
  return { status, setStatus, requests, decide };
}

export type OperatorVaRequests = ReturnType<typeof useOperatorVaRequests>;
export type OperatorVaDecide = OperatorVaRequests['decide'];
export type OperatorVaRequestRow = NonNullable<
  OperatorVaRequests['requests']['data']
>['iban_requests'][number];
