import { type CompanyForm, companyCompletenessErrors } from '@portal/domain';
import { createContext, useContext } from 'react';

/** The tabs of the application forms that hold fields of the company form. */
export type FormsFieldTab = 'questionnaire' | 'paymentServices' | 'crypto' | 'pfp';

/** Which tab shows a field of the completeness rules (keys without the `company.` prefix). */
export function tabOfField(key: string): FormsFieldTab {
  const head = key.split('.')[0] ?? '';
  if (head === 'crypto' || head === 'pfp') return head;
  if (head === 'licence' || head === 'turnover' || head === 'pci_dss') return 'paymentServices';
  return 'questionnaire';
}

/** The fields the completeness rules find empty or wrong, in the order the rules check them. */
export const missingFields = (company: CompanyForm): string[] =>
  Object.keys(companyCompletenessErrors(company ?? {}));

/**
 * Whether a field is required with the answers given so far: the rules, asked about the same form
 * with that field emptied, name it. Conditional fields (a licence's number once "has a licence" is
 * yes) become required exactly when the rules need them, from the one rule set the server applies.
 */
export function isRequiredField(company: CompanyForm, key: string): boolean {
  const copy = structuredClone(company ?? {}) as Record<string, unknown>;
  const path = key.split('.');
  let node: Record<string, unknown> = copy;
  for (const part of path.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object')
      return key in companyCompletenessErrors(copy as CompanyForm);
    node = next as Record<string, unknown>;
  }
  delete node[path[path.length - 1] ?? ''];
  return key in companyCompletenessErrors(copy as CompanyForm);
}

/** The field components ask it whether to mark their field required (`company.x.y` names). */
export const RequiredFieldsContext = createContext<(name: string) => boolean>(() => false);

export const useIsRequired = () => useContext(RequiredFieldsContext);
