import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { VaConfirmModal } from './va-confirm-modal.tsx';
import { VaRequestDetails } from './va-request-details.tsx';

afterEach(cleanup);

/** API field names and codes that must never reach the screen (issue 36). */
const RAW = /wallet_uuid|force_new_iban|custom_parameters|ibans_group_id|country_code|VAAC\d{3}|[{}[\]"]/;

const confirmation = (summary: Record<string, string>) => ({
  challenge_id: '0b7d5f3a-1111-4222-8333-444455556666',
  expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
  summary,
});

const modal = (summary: Record<string, string>, language = 'en-gb') =>
  renderUi(
    <VaConfirmModal
      confirmation={confirmation(summary)}
      isPending={false}
      error={null}
      onConfirm={() => {}}
      onClose={() => {}}
    />,
    { language },
  );

const corporate = {
  wallet_uuid: '6f1c0b8e-5f8a-4a57-9d7c-1d2f3a4b5c6d',
  ibans_group_id: 7,
  client_type: 'corporate',
  corporate_customer_name: 'Acme Widgets Ltd',
  incorporation_number: '09876543',
  incorporation_country_code: 'GB',
  client_customer_id: 'cust-42',
  email: 'finance@acme.example',
  address: { country_code: 'GB', city: 'London', street: '1 High Street', zip: 'EC1A 1AA' },
  tax_residency_country: 'DE',
  industry_type: 'Retail',
  expected_turnover: '25000.00',
  ultimate_beneficial_owners: [
    {
      name: 'Jane Roe',
      birth_date: '1980-04-02',
      ownership: '60',
      beneficial_owner_pep: 'no',
      beneficial_owner_pep_details: '',
    },
  ],
  custom_parameters: [{ name: 'localFirstName', value: 'Джейн' }],
  force_new_iban: true,
  compliance_check_type: 'enhanced',
  document: { type: 'other', file_id: 'f1' },
  additional_documents: [],
};

describe('VA confirmation and request details speak the user’s language (issue 36)', () => {
  it('a close action names the action and the reason by meaning, not as close / VAAC010', async () => {
    await modal({ action: 'close', number: 'GB33BUKB20201555555555', customer: 'Acme', reason: 'VAAC010' });
    const dialog = await screen.findByTestId('va-confirm');
    expect(within(dialog).getByText('Close the account')).toBeTruthy();
    expect(within(dialog).getByText('GB33 BUKB 2020 1555 5555 55')).toBeTruthy();
    expect(within(dialog).getByText('Closed by client')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/VAAC010|\bclose\b/);
  });

  it('a request names the account by name and IBAN, never by its UUID', async () => {
    await modal({
      type: 'individual',
      customer: 'Jane Roe',
      wallet: 'Main EUR account',
      iban: 'GB33BUKB20201555555555',
    });
    const dialog = await screen.findByTestId('va-confirm');
    expect(within(dialog).getByText('Individual')).toBeTruthy();
    expect(within(dialog).getByText('Main EUR account')).toBeTruthy();
    expect(within(dialog).getByText('GB33 BUKB 2020 1555 5555 55')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/individual/);
  });

  it('request details: labelled fields, the address as an address, the account by name and IBAN', async () => {
    await renderUi(
      <VaRequestDetails
        details={corporate}
        wallet={{ name: 'Main EUR account', iban: 'GB33BUKB20201555555555' }}
        groups={[{ id: 7, name: 'UK retail' }]}
      />,
    );
    const table = await screen.findByTestId('va-request-details');
    const row = (id: string) => screen.getByTestId(`va-detail-${id}`).textContent;
    expect(row('company-name')).toBe('Legal nameAcme Widgets Ltd');
    expect(row('address')).toBe('Address1 High StreetEC1A 1AA LondonUnited Kingdom');
    expect(row('tax-residency')).toBe('Tax residency countryGermany');
    expect(row('owners')).toContain('Jane Roe');
    expect(row('custom-parameters')).toBe('Custom parameterslocalFirstName: Джейн');
    expect(row('account')).toBe('AccountMain EUR account · GB33 BUKB 2020 1555 5555 55');
    expect(row('group')).toBe('VA groupUK retail');
    expect(row('force-new-iban')).toBe('New number even if this customer has oneYes');
    expect(row('compliance')).toBe('Compliance checkEnhanced (manual review)');
    expect(table.textContent).not.toMatch(RAW);
    expect(table.textContent).not.toContain(corporate.wallet_uuid);
  });

  it('reads the same in Russian', async () => {
    await renderUi(<VaRequestDetails details={corporate} wallet={{ name: 'Основной', iban: null }} />, {
      language: 'ru',
    });
    const table = await screen.findByTestId('va-request-details');
    expect(screen.getByTestId('va-detail-address').textContent).toContain('Великобритания');
    expect(table.textContent).not.toMatch(RAW);
  });
});
