import type { CompanyForm } from '@portal/domain';
import { cleanup, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import type { CompanyValues } from './company-fields.tsx';
import { QuestionnaireSection } from './company-sections.tsx';
import { isRequiredField, RequiredFieldsContext } from './required-fields.ts';

afterEach(cleanup);

function Questionnaire() {
  const form = useForm<CompanyValues>({ defaultValues: { company: {} as CompanyForm } });
  const company = form.watch('company');
  return (
    <RequiredFieldsContext.Provider
      value={(name) => isRequiredField(company, name.replace(/^company\./, ''))}
    >
      <QuestionnaireSection form={form} readOnly={false} />
    </RequiredFieldsContext.Provider>
  );
}

/** The label's text with Mantine's required mark, if it has one. */
const labelOf = (field: string) => {
  const input = document.querySelector(`[data-field="company.${field}"]`);
  const id = input?.getAttribute('id');
  return document.querySelector(`label[for="${id}"]`)?.textContent ?? '';
};

describe('application forms: required fields are marked', () => {
  it('marks the company name and registration number, not the trading name', async () => {
    await renderUi(<Questionnaire />);
    await screen.findByText('Company name', { exact: false });
    expect(labelOf('company_name')).toMatch(/\*$/);
    expect(labelOf('registration_number')).toMatch(/\*$/);
    expect(labelOf('trading_name')).not.toMatch(/\*$/);
  });
});
