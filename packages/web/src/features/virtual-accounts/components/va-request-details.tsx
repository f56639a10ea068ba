import { Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/index.ts';
import { intlLocale } from '../../../shared/i18n/index.ts';

/** The account a request lands in, as the user knows it. */
export interface VaWalletLabel {
  name: string;
  iban: string | null;
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.map(rec) : []);

/**
 * What a VA request asked for (issue 36): every field under its form label, the address as an
 * address, owners and custom parameters as readable lines, the account by name and IBAN. The
 * stored details keep the API's field names; none of them reaches the screen. Documents have their
 * own section with download links; fields this screen does not know are left out rather than shown
 * as raw keys.
 */
export function VaRequestDetails({
  details,
  wallet,
  groups = [],
}: {
  details: Record<string, unknown>;
  wallet: VaWalletLabel | null;
  /** The company's VA groups, to name the one the request asked for. */
  groups?: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation('virtualAccounts');
  const fmt = useFormat();
  const regions = new Intl.DisplayNames([intlLocale()], { type: 'region' });
  const country = (code: unknown) => {
    const c = str(code).toUpperCase();
    if (!/^[A-Z]{2}$/.test(c)) return str(code);
    try {
      return regions.of(c) ?? c;
    } catch {
      return c;
    }
  };
  const yesNo = (v: unknown) => (v === true ? t('form.yes') : t('form.no'));
  const date = (v: unknown) => (str(v) ? fmt.date(str(v)) : '');

  const address = rec(details.address);
  const addressLines = [
    str(address.street),
    [str(address.zip), str(address.city)].filter(Boolean).join(' '),
    country(address.country_code),
  ].filter(Boolean);
  const owners = list(details.ultimate_beneficial_owners);
  const params = list(details.custom_parameters).filter((p) => str(p.name) !== '');
  const isCorporate = details.client_type === 'corporate';

  const rows: [label: string, value: ReactNode, testId: string][] = [];
  const add = (label: string, value: ReactNode, testId: string) => {
    if (value === '' || value === null || value === undefined) return;
    rows.push([label, value, testId]);
  };

  if (isCorporate) {
    add(t('form.companyName'), str(details.corporate_customer_name), 'company-name');
    add(t('form.incorporationNumber'), str(details.incorporation_number), 'incorporation-number');
    add(t('form.incorporationCountry'), country(details.incorporation_country_code), 'incorporation-country');
    add(t('form.incorporationDate'), date(details.incorporation_date), 'incorporation-date');
  } else {
    add(t('form.firstName'), str(details.first_name), 'first-name');
    add(t('form.lastName'), str(details.last_name), 'last-name');
    add(t('form.birthDate'), date(details.birth_date), 'birth-date');
  }
  add(t('form.customerId'), str(details.client_customer_id), 'customer-id');
  add(t('form.email'), str(details.email), 'email');
  add(t('form.phone'), str(details.phone), 'phone');
  add(
    t('form.address'),
    addressLines.length > 0 ? (
      <Stack gap={0}>
        {addressLines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    ) : (
      ''
    ),
    'address',
  );
  add(t('form.taxResidency'), country(details.tax_residency_country), 'tax-residency');
  add(t('form.usTaxpayerId'), str(details.us_taxpayer_id), 'us-taxpayer-id');
  add(t('form.industry'), str(details.industry_type), 'industry');
  add(t('form.activity'), str(details.business_activity), 'activity');
  if (isCorporate) {
    add(t('form.website'), str(details.trading_website), 'website');
    add(
      t('form.turnover'),
      str(details.expected_turnover) ? fmt.money(str(details.expected_turnover), 'EUR') : '',
      'turnover',
    );
    add(t('form.legalEntity'), str(details.beneficial_legal_entity), 'legal-entity');
    add(
      t('form.ubos'),
      owners.length > 0 ? (
        <Stack gap={4}>
          {owners.map((o, i) => (
            <Text key={`${str(o.name)}-${i}`} size="sm">
              {t('request.owner', {
                name: str(o.name),
                birthDate: date(o.birth_date),
                ownership: str(o.ownership),
              })}
              {' · '}
              {o.beneficial_owner_pep === 'yes'
                ? t('request.ownerPep', { details: str(o.beneficial_owner_pep_details) })
                : t('request.ownerNotPep')}
            </Text>
          ))}
        </Stack>
      ) : (
        ''
      ),
      'owners',
    );
    add(t('form.publiclyTraded'), yesNo(details.publicly_traded), 'publicly-traded');
    add(t('form.ticker'), str(details.stock_ticker), 'ticker');
    add(t('form.mic'), str(details.stock_exchange_mic), 'mic');
  }
  add(t('form.relevantInformation'), str(details.relevant_information), 'relevant-information');
  add(
    t('form.customParameters'),
    params.length > 0 ? (
      <Stack gap={0}>
        {params.map((p) => (
          <Text key={str(p.name)} size="sm">
            {t('request.parameter', { name: str(p.name), value: str(p.value) })}
          </Text>
        ))}
      </Stack>
    ) : (
      ''
    ),
    'custom-parameters',
  );
  add(
    t('request.account'),
    wallet ? (wallet.iban ? `${wallet.name} · ${fmt.iban(wallet.iban)}` : wallet.name) : '',
    'account',
  );
  const groupId = details.ibans_group_id;
  add(
    t('form.group'),
    groupId === undefined || groupId === null
      ? t('form.anyGroup')
      : (groups.find((g) => g.id === Number(groupId))?.name ?? ''),
    'group',
  );
  add(
    t('form.complianceCheck'),
    str(details.compliance_check_type)
      ? t(`compliance.${str(details.compliance_check_type)}`, {
          defaultValue: str(details.compliance_check_type),
        })
      : '',
    'compliance',
  );
  add(t('form.forceNewIban'), yesNo(details.force_new_iban), 'force-new-iban');

  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} withRowBorders={false} data-testid="va-request-details">
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={testId} data-testid={`va-detail-${testId}`}>
              <Table.Td c="dimmed" w="40%" style={{ verticalAlign: 'top' }}>
                {label}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', verticalAlign: 'top' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
