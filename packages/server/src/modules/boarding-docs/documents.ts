import { AML_QUESTIONS, type CompanyForm, type OfferLetter, type PlatformLabel } from '@portal/domain';
import type { AccountRow, PersonRow } from '../boarding/access.service.ts';
import { type DocSection, renderDocument } from './pdf.ts';

const yesNo = (v: boolean | undefined) => (v === undefined ? '-' : v ? 'Yes' : 'No');
const addr = (a: CompanyForm['legal_address']) =>
  [a?.street, a?.city, a?.zip, a?.state, a?.country].filter(Boolean).join(', ') || '-';

function companySection(c: CompanyForm): DocSection {
  return {
    heading: 'Company',
    lines: [
      `Name: ${c.company_name ?? '-'}  Trading name: ${c.trading_name ?? '-'}`,
      `Registration number: ${c.registration_number ?? '-'}  VAT: ${c.vat_number ?? '-'}`,
      `Websites: ${(c.websites ?? []).join(', ') || '-'}  Micro-enterprise: ${yesNo(c.is_micro_enterprise)}`,
      `Legal address: ${addr(c.legal_address)}`,
      `Registered address: ${addr(c.registered_address)}`,
      `Licence: ${yesNo(c.licence?.has_licence)} ${c.licence?.type ?? ''} ${c.licence?.number ?? ''} ${c.licence?.issuing_body ?? ''}`,
      `Segregated account: ${yesNo(c.segregated_account)}  FATCA registered: ${yesNo(c.fatca?.registered)} GIIN: ${c.fatca?.giin ?? '-'}`,
      `Monthly volume EUR: ${c.turnover?.monthly_volume_eur ?? '-'}  Monthly transactions: ${c.turnover?.monthly_quantity ?? '-'}`,
      `Average / min / max EUR: ${c.turnover?.average_amount_eur ?? '-'} / ${c.turnover?.min_amount_eur ?? '-'} / ${c.turnover?.max_amount_eur ?? '-'}`,
      `PCI DSS compliant: ${yesNo(c.pci_dss?.compliant)} ${c.pci_dss?.level ?? ''}`,
      `Crypto-asset services: ${yesNo(c.activity?.crypto_services)}  Payment facilitator: ${yesNo(c.activity?.payment_facilitator)}`,
    ],
  };
}

/** The crypto questionnaire, in the forms PDF when the activity answers require it. */
function cryptoSection(q: NonNullable<CompanyForm['crypto']>): DocSection {
  const l = q.licence;
  return {
    heading: 'Crypto questionnaire',
    lines: [
      `Services: ${(q.services ?? []).join(', ') || '-'}`,
      `Assets: ${(q.assets ?? []).join(', ') || '-'}  Networks: ${(q.networks ?? []).join(', ') || '-'}`,
      `Custody: ${q.custody ?? '-'} ${q.custodian_name ?? ''}`,
      `Travel rule compliant: ${yesNo(q.travel_rule?.compliant)} ${q.travel_rule?.provider ?? ''}`,
      `Licensed: ${yesNo(l?.licensed)} ${l?.regulator ?? ''} ${l?.number ?? ''} ${l?.country ?? ''}`,
      `Monthly volume EUR: ${q.monthly_volume_eur ?? '-'}`,
    ],
  };
}

/** The PFP questionnaire, in the forms PDF when the activity answers require it. */
function pfpSection(q: NonNullable<CompanyForm['pfp']>): DocSection {
  return {
    heading: 'PFP questionnaire',
    lines: [
      `Sub-merchants: ${q.sub_merchant_count ?? '-'}  Sub-merchant KYC: ${yesNo(q.sub_merchant_kyc)}`,
      `MCCs: ${(q.mccs ?? []).join(', ') || '-'}  Countries: ${(q.countries ?? []).join(', ') || '-'}`,
      `Monthly volume EUR: ${q.monthly_volume_eur ?? '-'}  Average ticket EUR: ${q.average_ticket_eur ?? '-'}`,
      `Chargeback ratio: ${q.chargeback_ratio ?? '-'}%  Refund ratio: ${q.refund_ratio ?? '-'}%`,
    ],
  };
}

function personLines(p: PersonRow): string[] {
  const d = p.data;
  const roles = [d.is_as && 'AS', d.is_lr && 'LR', d.is_bo && 'BO'].filter(Boolean).join(', ');
  return [
    `${d.first_name} ${d.last_name} (${roles}) born ${d.birth_date}, ${d.email}`,
    `Document: ${d.document.type} ${d.document.number} issued ${d.document.issuedDate} by ${d.document.issuedBy} (${d.document.issuedCountryCode}), expires ${d.document.expirationDate}`,
    `Ownership: ${d.ownership ?? '-'}%  Position: ${d.position ?? '-'}  Authority: ${d.authority?.basis ?? '-'}`,
    `AML: ${AML_QUESTIONS.map((q) => `${q} ${yesNo(d.aml[q])}`).join('; ')}`,
  ];
}

export function formsDocument(account: AccountRow, persons: PersonRow[]) {
  return renderDocument(`Application forms: ${account.name}`, account.platform, [
    companySection(account.company),
    ...(account.company.activity?.crypto_services && account.company.crypto
      ? [cryptoSection(account.company.crypto)]
      : []),
    ...(account.company.activity?.payment_facilitator && account.company.pfp
      ? [pfpSection(account.company.pfp)]
      : []),
    { heading: 'Related persons', lines: persons.flatMap(personLines) },
  ]);
}

export function questionnaireDocument(account: AccountRow, person: PersonRow) {
  return renderDocument(`Personal questionnaire: ${person.firstName} ${person.lastName}`, account.platform, [
    { heading: `Beneficial owner of ${account.name}`, lines: personLines(person) },
    { heading: 'Declaration', lines: ['I confirm that the information above is true and complete.'] },
  ]);
}

export function contractDocument(
  account: AccountRow,
  number: string,
  type: string,
  letter: OfferLetter | undefined,
) {
  const terms: DocSection = letter
    ? {
        heading: 'Commercial terms (approved offer)',
        lines: [
          `Term: ${letter.term}`,
          `Account types: ${letter.account_types.join(', ')}  Currencies: ${letter.currencies.join(', ')} (default ${letter.default_currency})`,
          `Territories: ${letter.territories.join(', ')}  Payment systems: ${letter.payment_systems.join(', ')}`,
          `Minimum level of funds: ${letter.minimum_funds.amount} ${letter.minimum_funds.currency}`,
          `Fee: ${letter.fee}`,
          `Condition: ${letter.condition || '-'}`,
        ],
      }
    : { heading: 'Terms', lines: ['As agreed between the parties.'] };
  return renderDocument(
    `${type === 'NDA' ? 'Non-disclosure agreement' : 'Contract'} ${number}`,
    account.platform,
    [{ heading: 'Parties', lines: [`Client: ${account.name}`] }, terms],
  );
}

export function ndaDocument(accountName: string, platform: PlatformLabel) {
  return renderDocument('Non-disclosure agreement', platform, [
    { heading: 'Parties', lines: [`Client: ${accountName}`] },
    {
      heading: 'Confidentiality',
      lines: [
        'Each party keeps the other party’s confidential information secret and uses it only for the boarding process.',
        'This obligation survives for five years after the end of the boarding process.',
      ],
    },
  ]);
}
