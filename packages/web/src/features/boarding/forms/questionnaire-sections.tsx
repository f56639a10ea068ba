import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { CRYPTO_NETWORKS, CRYPTO_SERVICES, CUSTODY_MODELS } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import {
  Choice,
  Count,
  Countries,
  Country,
  type Form,
  MultiChoice,
  Tags,
  Text,
  YesNo,
} from './company-fields.tsx';

/** The crypto questionnaire tab (spec §2): services, assets, networks, custody, travel rule, licence. */
export function CryptoSection({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const { t } = useTranslation();
  const p = { form, readOnly };
  const custody = form.watch('company.crypto.custody');
  const travelRule = form.watch('company.crypto.travel_rule.compliant');
  const licensed = form.watch('company.crypto.licence.licensed');
  return (
    <Stack gap="md" data-testid="crypto-questionnaire">
      <MultiChoice
        {...p}
        name="company.crypto.services"
        options={CRYPTO_SERVICES}
        prefix="wizard:cryptoOptions.services"
      />
      <Tags {...p} name="company.crypto.assets" />
      <MultiChoice
        {...p}
        name="company.crypto.networks"
        options={CRYPTO_NETWORKS}
        prefix="wizard:cryptoOptions.networks"
      />
      <Fieldset legend={t('wizard:company.crypto.custodyLegend')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Choice
            {...p}
            name="company.crypto.custody"
            options={CUSTODY_MODELS}
            prefix="wizard:cryptoOptions.custody"
          />
          {custody === 'third_party' ? <Text {...p} name="company.crypto.custodian_name" /> : null}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('wizard:company.crypto.travelRuleLegend')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <YesNo {...p} name="company.crypto.travel_rule.compliant" />
          {travelRule ? <Text {...p} name="company.crypto.travel_rule.provider" /> : null}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('wizard:company.crypto.licenceLegend')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <YesNo {...p} name="company.crypto.licence.licensed" />
          {licensed ? (
            <>
              <Text {...p} name="company.crypto.licence.regulator" />
              <Text {...p} name="company.crypto.licence.number" />
              <Country {...p} name="company.crypto.licence.country" />
            </>
          ) : null}
        </SimpleGrid>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text {...p} name="company.crypto.monthly_volume_eur" />
      </SimpleGrid>
    </Stack>
  );
}

/** The PFP (payment facilitator) questionnaire tab: sub-merchants, MCCs, volumes, chargeback ratio. */
export function PfpSection({ form, readOnly }: { form: Form; readOnly: boolean }) {
  const p = { form, readOnly };
  return (
    <Stack gap="md" data-testid="pfp-questionnaire">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Count {...p} name="company.pfp.sub_merchant_count" />
        <YesNo {...p} name="company.pfp.sub_merchant_kyc" />
      </SimpleGrid>
      <Tags {...p} name="company.pfp.mccs" />
      <Countries {...p} name="company.pfp.countries" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Text {...p} name="company.pfp.monthly_volume_eur" />
        <Text {...p} name="company.pfp.average_ticket_eur" />
        <Text {...p} name="company.pfp.chargeback_ratio" />
        <Text {...p} name="company.pfp.refund_ratio" />
      </SimpleGrid>
    </Stack>
  );
}
