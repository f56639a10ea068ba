import { fieldError } from '@portal/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import type { CompanyValues } from './company-fields.tsx';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { CryptoSection, PfpSection } from './questionnaire-sections.tsx';

afterEach(cleanup);

const BIRTH = 'birth';
const INCORPORATED = 'incorporated';

function Pfp({ ratio }: { ratio: string }) {
  const form = useForm<CompanyValues>({ defaultValues: { company: { pfp: { chargeback_ratio: ratio } } } });
  useEffect(() => {
    form.setError('company.pfp.chargeback_ratio', { message: fieldError('RATIO_OVER_100') });
    form.setError('company.pfp.mccs', { message: fieldError('TOO_MANY', { max: 50 }) });
  }, [form]);
  return <PfpSection form={form} readOnly={false} />;
}

function Licensed({ onCountry }: { onCountry: (code: unknown) => void }) {
  const form = useForm<CompanyValues>({
    defaultValues: { company: { crypto: { licence: { licensed: true, country: 'LT' } } } },
  });
  const country = form.watch('company.crypto.licence.country');
  useEffect(() => onCountry(country), [country, onCountry]);
  return <CryptoSection form={form} readOnly={false} />;
}

function Crypto() {
  const form = useForm<CompanyValues>({
    defaultValues: { company: { crypto: { custody: 'third_party', travel_rule: { compliant: true } } } },
  });
  return <CryptoSection form={form} readOnly={false} />;
}

describe('boarding questionnaires and date fields', () => {
  it('shows field error codes in Russian with their parameters', async () => {
    await renderUi(<Pfp ratio="120" />, { language: 'ru' });
    await screen.findByText('Доля не может быть больше 100%.');
    screen.getByText('Слишком много значений: не более 50.');
    screen.getByText('Доля чарджбэков, %');
  });

  it('asks for the custodian and the travel-rule solution when the answers need them', async () => {
    await renderUi(<Crypto />);
    screen.getByText('Custodian');
    screen.getByText('Travel rule solution');
    expect(screen.queryByText('Regulator')).toBeNull();
  });

  it('picks the licence country by its name in the user language and keeps the ISO code', async () => {
    const onCountry = vi.fn();
    await renderUi(<Licensed onCountry={onCountry} />, { language: 'ru' });
    const input = (await screen.findByDisplayValue('Литва (LT)')) as HTMLInputElement;
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Герм' } });
    fireEvent.click(await screen.findByText('Германия (DE)'));
    expect(onCountry).toHaveBeenLastCalledWith('DE');
  });

  it('types a date day first in the locale format and hands the form an ISO date', async () => {
    const onChange = vi.fn();
    await renderUi(<DateField label={BIRTH} value="" onChange={onChange} />, { language: 'ru' });
    const input = screen.getByLabelText(BIRTH) as HTMLInputElement;
    expect(input.placeholder).toBe('дд.мм.гггг');
    fireEvent.change(input, { target: { value: '21081979' } });
    expect(input.value).toBe('21.08.1979');
    expect(onChange).toHaveBeenLastCalledWith('1979-08-21');
    fireEvent.change(input, { target: { value: '31.02.1979' } });
    expect(onChange).toHaveBeenLastCalledWith('31.02.1979');
  });

  it('shows a stored ISO date as dd/mm/yyyy in en-gb', async () => {
    await renderUi(<DateField label={INCORPORATED} value="2015-04-01" onChange={() => {}} />);
    expect((screen.getByLabelText(INCORPORATED) as HTMLInputElement).value).toBe('01/04/2015');
  });
});
