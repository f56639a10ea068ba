import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { CORPORATE_DOCUMENT_TYPES, PCI_DSS_LEVELS } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import {
  Choice,
  Count,
  Country,
  DateInput,
  type Form,
  labelKey,
  Tags,
  Text,
  YesNo,
} from './company-fields.tsx';

function AddressFields({
  form,
  prefix,
  readOnly,
}: {
  form: Form;
  prefix: 'company.legal_address' | 'company.registered_address';
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t(`${labelKey(prefix)}.title`)} radius="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Country form={form} name={`${prefix}.country`} readOnly={readOnly} />
          <Text form={form} name={`${prefix}.state`} readOnly={readOnly} />
          <Text form={form} name={`${prefix}.zip`} readOnly={readOnly} />
          <Text form={form} name={`${prefix}.city`} readOnly={readOnly} />
        </SimpleGrid>
        <Text form={form} name={`${prefix}.street`} readOnly={readOnly} />
      </Stack>
    </Fieldset>
  );
}

/** The questionnaire tab: the company, its addresses, VAT, segregation and FATCA. */
export function QuestionnaireSection({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const p = { form, readOnly };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text {...p} name="company.company_name" />
        <Text {...p} name="company.trading_name" />
        <Text {...p} name="company.registration_number" />
        <DateInput {...p} name="company.incorporation_date" />
        <Choice
          {...p}
          name="company.incorporation_document_type"
          options={CORPORATE_DOCUMENT_TYPES}
          prefix="wizard:corporateDocument"
        />
        <Text {...p} name="company.vat_number" />
        <YesNo {...p} name="company.is_micro_enterprise" />
        <Count {...p} name="company.staff_count" />
        <YesNo {...p} name="company.segregated_account" />
      </SimpleGrid>
      <Tags {...p} name="company.websites" />
      <AddressFields form={form} prefix="company.legal_address" readOnly={readOnly} />
      <AddressFields form={form} prefix="company.registered_address" readOnly={readOnly} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <YesNo {...p} name="company.activity.crypto_services" />
        <YesNo {...p} name="company.activity.payment_facilitator" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <YesNo {...p} name="company.fatca.registered" />
        {form.watch('company.fatca.registered') ? <Text {...p} name="company.fatca.giin" /> : null}
      </SimpleGrid>
    </Stack>
  );
}

/** The payment services tab: licence, expected turnover and PCI DSS. */
export function PaymentServicesSection({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const { t } = useTranslation();
  const p = { form, readOnly };
  const hasLicence = form.watch('company.licence.has_licence');
  const isPci = form.watch('company.pci_dss.compliant');
  return (
    <Stack gap="md">
      <Fieldset legend={t('wizard:company.licenceLegend')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <YesNo {...p} name="company.licence.has_licence" />
          {hasLicence ? (
            <>
              <Text {...p} name="company.licence.type" />
              <Text {...p} name="company.licence.number" />
              <Text {...p} name="company.licence.issuing_body" />
              <Text {...p} name="company.licence.supervisory_authorities" />
              <Text {...p} name="company.licence.url" />
            </>
          ) : null}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('wizard:company.turnoverLegend')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Text {...p} name="company.turnover.monthly_volume_eur" />
          <Count {...p} name="company.turnover.monthly_quantity" />
          <Text {...p} name="company.turnover.average_amount_eur" />
          <Text {...p} name="company.turnover.min_amount_eur" />
          <Text {...p} name="company.turnover.max_amount_eur" />
        </SimpleGrid>
        <Stack gap="md" mt="md">
          <Tags {...p} name="company.turnover.sources" />
          <Tags {...p} name="company.turnover.destinations" />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('wizard:company.pciLegend')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <YesNo {...p} name="company.pci_dss.compliant" />
          {isPci ? (
            <Choice {...p} name="company.pci_dss.level" options={PCI_DSS_LEVELS} prefix="wizard:pciLevel" />
          ) : null}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
