import type { CompanyForm } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { isRequiredField, missingFields, tabOfField } from './required-fields.ts';

describe('required fields of the application forms', () => {
  it('marks what the rules need, and conditional fields only once their condition holds', () => {
    const empty = {} as CompanyForm;
    expect(isRequiredField(empty, 'company_name')).toBe(true);
    expect(isRequiredField(empty, 'legal_address.city')).toBe(true);
    expect(isRequiredField(empty, 'trading_name')).toBe(false);
    expect(isRequiredField(empty, 'licence.number')).toBe(false);
    const licensed = { licence: { has_licence: true } } as CompanyForm;
    expect(isRequiredField(licensed, 'licence.number')).toBe(true);
    // A filled required field is still required (the mark stays while the user edits it).
    expect(isRequiredField({ company_name: 'Northwind' } as CompanyForm, 'company_name')).toBe(true);
  });

  it('lists what is missing, each with the tab that shows it', () => {
    const missing = missingFields({ company_name: 'Northwind' } as CompanyForm);
    expect(missing).not.toContain('company_name');
    expect(missing).toContain('registration_number');
    expect(missing).toContain('turnover.monthly_volume_eur');
    expect(tabOfField('registration_number')).toBe('questionnaire');
    expect(tabOfField('turnover.monthly_volume_eur')).toBe('paymentServices');
    expect(tabOfField('licence.has_licence')).toBe('paymentServices');
    expect(tabOfField('crypto.services')).toBe('crypto');
    expect(tabOfField('pfp')).toBe('pfp');
  });
});
