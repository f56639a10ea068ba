import { apiRoutes, type RouteResponse } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';

/** The boarding link of the current screen (`/:uuid/:role/...`). */
export function useBoardingLink(): { uuid: string; role: string } {
  const { uuid = '', role = '' } = useParams();
  return { uuid, role };
}

/** Query keys of the applicant side of boarding; every key starts with `boarding`. */
export const boardingKeys = {
  all: ['boarding'] as const,
  consolidated: (uuid: string, role: string) => ['boarding', 'consolidated', uuid, role] as const,
  contactData: (uuid: string, role: string) => ['boarding', 'contact', uuid, role] as const,
  contacts: (uuid: string, role: string) => ['boarding', 'contacts', uuid, role] as const,
  forms: () => ['boarding', 'forms'] as const,
  signatures: () => ['boarding', 'signatures'] as const,
  files: (page: number, rows: number, fileType?: string) =>
    ['boarding', 'files', page, rows, fileType ?? null] as const,
  filesAll: () => ['boarding', 'files'] as const,
  offers: () => ['boarding', 'offers'] as const,
  contracts: () => ['boarding', 'contracts'] as const,
  invoice: () => ['boarding', 'invoice'] as const,
};

export type Consolidated = RouteResponse<typeof apiRoutes.consolidated>;
export type FormsView = RouteResponse<typeof apiRoutes.formsGet>;

export const useConsolidated = (uuid: string, role: string) =>
  useApiQuery(
    apiRoutes.consolidated,
    { params: { uuid, role } },
    { queryKey: boardingKeys.consolidated(uuid, role) },
  );

export const useContactData = (uuid: string, role: string) =>
  useApiQuery(
    apiRoutes.contactData,
    { params: { uuid, role } },
    { queryKey: boardingKeys.contactData(uuid, role) },
  );

export const useForms = () => useApiQuery(apiRoutes.formsGet, {}, { queryKey: boardingKeys.forms() });
export const useSignatures = () =>
  useApiQuery(apiRoutes.signatures, {}, { queryKey: boardingKeys.signatures() });

export const useFiles = (page: number, rows: number, fileType?: string) =>
  useApiQuery(
    apiRoutes.filesList,
    { params: { page, rows }, body: { file_type: fileType } },
    { queryKey: boardingKeys.files(page, rows, fileType), placeholderData: (previous) => previous },
  );

export const useOffers = () => useApiQuery(apiRoutes.offersList, {}, { queryKey: boardingKeys.offers() });
export const useContracts = () =>
  useApiQuery(apiRoutes.contractsList, {}, { queryKey: boardingKeys.contracts() });
export const useInvoice = (enabled = true) =>
  useApiQuery(apiRoutes.invoiceGet, {}, { queryKey: boardingKeys.invoice(), enabled });

export const useContactNotifications = (uuid: string, role: string, enabled: boolean) =>
  useApiQuery(
    apiRoutes.contactNotifications,
    { params: { uuid, role } },
    { queryKey: boardingKeys.contacts(uuid, role), enabled, notify: false },
  );

/** After any boarding change the overview's checklist may move too. */
function useInvalidate() {
  const client = useQueryClient();
  return (...keys: ReadonlyArray<readonly unknown[]>) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: ['boarding', 'consolidated'] });
  };
}

export function useSaveForms() {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.formsSave, {
    onSuccess: (data) => {
      client.setQueryData(boardingKeys.forms(), data);
      invalidate();
    },
  });
}

const formsMutation = <R extends typeof apiRoutes.formsSubmit | typeof apiRoutes.principalSet>(
  route: R,
  notify = true,
) =>
  function useFormsMutation() {
    const client = useQueryClient();
    const invalidate = useInvalidate();
    return useApiMutation(route, {
      notify,
      onSuccess: (data) => {
        client.setQueryData(boardingKeys.forms(), data);
        invalidate();
      },
    });
  };
/** Its refusal is shown in the submit dialog, in the spec's words, not as a toast. */
export const useSubmitForms = formsMutation(apiRoutes.formsSubmit, false);
export const useSetPrincipal = formsMutation(apiRoutes.principalSet);

export function useAddPerson() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.personAdd, { onSuccess: () => invalidate(boardingKeys.forms()) });
}
export function useUpdatePerson() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.personUpdate, { onSuccess: () => invalidate(boardingKeys.forms()) });
}
export function useDeletePerson() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.personDelete, { onSuccess: () => invalidate(boardingKeys.forms()) });
}
export function useLockForms() {
  return useApiMutation(apiRoutes.formsLock);
}
export function useUnlockForms() {
  return useApiMutation(apiRoutes.formsUnlock, { notify: false });
}
export function useSignForms() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.formsSign, {
    onSuccess: () => invalidate(boardingKeys.forms(), boardingKeys.signatures()),
  });
}
export function useSendVerificationLinks() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.sendVerificationLinks, { onSuccess: () => invalidate() });
}
export function useSetRole() {
  return useApiMutation(apiRoutes.setRole);
}

export function useRunFileVerification() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.fileRunVerification, {
    onSuccess: () => invalidate(boardingKeys.filesAll()),
  });
}
export function useFileResult() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.fileResult, { onSuccess: () => invalidate(boardingKeys.filesAll()) });
}
export function useCommentFile() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.fileComment, { onSuccess: () => invalidate(boardingKeys.filesAll()) });
}

export function useApproveOffer() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.offerApprove, { onSuccess: () => invalidate(boardingKeys.offers()) });
}
export function useDeclineOffer() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.offerDecline, { onSuccess: () => invalidate(boardingKeys.offers()) });
}

export function useSignContract() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.contractSign, {
    onSuccess: () => invalidate(boardingKeys.contracts(), boardingKeys.signatures()),
  });
}
export function useDeclineContract() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.contractDecline, { onSuccess: () => invalidate(boardingKeys.contracts()) });
}
export function usePayInvoice() {
  const invalidate = useInvalidate();
  return useApiMutation(apiRoutes.invoicePay, { onSuccess: () => invalidate(boardingKeys.invoice()) });
}

export function useSetContactNotifications() {
  const invalidate = useInvalidate();
  const { uuid, role } = useBoardingLink();
  return useApiMutation(apiRoutes.setContactNotifications, {
    onSuccess: () => invalidate(boardingKeys.contacts(uuid, role)),
  });
}
export function useSaveContact() {
  const invalidate = useInvalidate();
  const { uuid, role } = useBoardingLink();
  return useApiMutation(apiRoutes.saveContact, {
    onSuccess: () => invalidate(boardingKeys.contacts(uuid, role)),
  });
}
