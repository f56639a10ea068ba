/** Platform labels (spec §1): taken from the host's first label, default UK. */
export const PLATFORM_LABELS = ['UK', 'CA', 'PL', 'CJD'] as const;
export type PlatformLabel = (typeof PLATFORM_LABELS)[number];
export const DEFAULT_PLATFORM: PlatformLabel = 'UK';

export interface ProviderEntity {
  label: PlatformLabel;
  legalName: string;
  registrationNumber: string;
  regulator: string;
  address: string;
  bank: { name: string; bic: string; address: string };
  support: { email: string; phone: string; hours: string };
}

/** The four provider entities, each with its own legal, bank and support details. */
export const PROVIDER_ENTITIES: Record<PlatformLabel, ProviderEntity> = {
  UK: {
    label: 'UK',
    legalName: 'Clearline Payments Ltd',
    registrationNumber: 'Company No. 10432187',
    regulator:
      'Authorised by the Financial Conduct Authority as an Electronic Money Institution (FRN 900871)',
    address: '20 Gracechurch Street, London EC3V 0BG, United Kingdom',
    bank: { name: 'Barclays Bank UK PLC', bic: 'BUKBGB22', address: '1 Churchill Place, London E14 5HP' },
    support: { email: 'support@clearline.example', phone: '+44 20 3000 0100', hours: 'Mon-Fri 9-18 CET' },
  },
  CA: {
    label: 'CA',
    legalName: 'Clearline Payments Canada Inc.',
    registrationNumber: 'Corporation No. 1187652-4',
    regulator: 'Registered with FINTRAC as a Money Services Business (M21034567)',
    address: '100 King Street West, Suite 5600, Toronto ON M5X 1C9, Canada',
    bank: { name: 'Royal Bank of Canada', bic: 'ROYCCAT2', address: '200 Bay Street, Toronto ON M5J 2J5' },
    support: { email: 'support.ca@clearline.example', phone: '+1 416 555 0142', hours: 'Mon-Fri 9-18 CET' },
  },
  PL: {
    label: 'PL',
    legalName: 'Clearline Payments Polska sp. z o.o.',
    registrationNumber: 'KRS 0000912345',
    regulator: 'Supervised by the Polish Financial Supervision Authority (KNF) as a payment institution',
    address: 'ul. Prosta 20, 00-850 Warszawa, Poland',
    bank: { name: 'PKO Bank Polski S.A.', bic: 'BPKOPLPW', address: 'ul. Puławska 15, 02-515 Warszawa' },
    support: { email: 'support.pl@clearline.example', phone: '+48 22 555 01 20', hours: 'Mon-Fri 9-18 CET' },
  },
  CJD: {
    label: 'CJD',
    legalName: 'Clearline Digital UAB',
    registrationNumber: 'Company code 306123987',
    regulator:
      'Registered virtual asset service provider with the Financial Crime Investigation Service (FNTT)',
    address: 'Konstitucijos pr. 21A, LT-08130 Vilnius, Lithuania',
    bank: { name: 'Revolut Bank UAB', bic: 'REVOLT21', address: 'Konstitucijos pr. 21B, LT-08130 Vilnius' },
    support: {
      email: 'support.digital@clearline.example',
      phone: '+370 5 214 0000',
      hours: 'Mon-Fri 9-18 CET',
    },
  },
};

/** `ca.portal.example` → CA; anything unknown (localhost, an IP, www) → UK. */
export function platformFromHost(host: string | undefined): PlatformLabel {
  const first = (host ?? '').split(':')[0]?.split('.')[0]?.toUpperCase() ?? '';
  return (PLATFORM_LABELS as readonly string[]).includes(first) ? (first as PlatformLabel) : DEFAULT_PLATFORM;
}
