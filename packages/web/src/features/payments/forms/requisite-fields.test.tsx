import { METHOD_REQUISITES } from '@portal/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceKey } from '../../../shared/references/index.ts';
import { renderUi } from '../../../shared/testing/render.tsx';
import type { PayoutFormValues } from './payout-form-model.ts';
import { RequisiteFields } from './requisite-fields.tsx';

afterEach(cleanup);

const BANKS = [
  { code: 'becs_banks', reference_id: 9, value: '06', description: 'Commonwealth Bank of Australia' },
  { code: 'becs_banks', reference_id: 9, value: '802', description: 'Cuscal Limited' },
];

/** The reference list as the server answers it, in the cache before the form renders. */
const BANKS_ANSWER: [readonly unknown[], unknown] = [
  referenceKey('becs_banks'),
  { success: true, reference_values: BANKS },
];

function BecsForm({ bsb }: { bsb: string }) {
  const form = useForm<PayoutFormValues>({
    defaultValues: { requisites: { payee: '', bsb, bankAccountNumber: '' } } as unknown as PayoutFormValues,
  });
  return (
    <RequisiteFields
      specs={METHOD_REQUISITES.BECS}
      control={form.control}
      errors={{}}
      ibanCheck={null}
      intermediaryBank={null}
      onIbanBlur={() => {}}
      onIntermediaryBlur={() => {}}
      onUseBic={() => {}}
      ibanCountryOf=""
      methodName="BECS"
    />
  );
}

describe('BECS requisites: the BSB names its bank from the reference list (spec §3)', () => {
  it('shows the bank of a known BSB prefix', async () => {
    await renderUi(<BecsForm bsb="802985" />, { queryData: [BANKS_ANSWER] });
    await waitFor(() => expect(screen.getByTestId('bsb-bank').textContent).toBe('Cuscal Limited'));
    expect(screen.queryByTestId('bsb-unknown')).toBeNull();
  });

  it('warns, without refusing, when the prefix is unknown', async () => {
    await renderUi(<BecsForm bsb="999-999" />, { queryData: [BANKS_ANSWER] });
    await waitFor(() => expect(screen.getByTestId('bsb-unknown')).toBeTruthy());
    expect(screen.queryByTestId('bsb-bank')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
