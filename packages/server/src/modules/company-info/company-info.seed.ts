import type { AppDeps } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';
import { addMonthsUtc } from '../boarding-files/files.service.ts';
import { seedLiveBoardingRecord } from './company-info.repo.ts';

const DAY_MS = 86_400_000;

/**
 * The demo company went live through boarding: its record keeps the contacts per issue type, the
 * accepted offer (limits) and a related person whose passport expires soon. Two checklist items are
 * left for the company on purpose (a file past its three months, no compliance contact).
 */
export async function seedCompanyInfo(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const merchantId = ctx.ids.demoCompanyId;
  if (!merchantId) return;
  const now = deps.clock.now();
  const expiry = new Date(now.getTime() + 45 * DAY_MS).toISOString().slice(0, 10);
  const uploaded = addMonthsUtc(now, -4);
  await seedLiveBoardingRecord(deps.db, {
    merchantId,
    now,
    person: {
      first_name: 'Harriet',
      last_name: 'Cole',
      birth_date: '1979-08-22',
      email: 'harriet.cole@northwind.example',
      document: {
        type: 'passport',
        number: '533380127',
        issuedCountryCode: 'GB',
        issuedBy: 'HM Passport Office',
        issuedDate: '2016-01-12',
        expirationDate: expiry,
      },
      is_as: true,
      is_lr: true,
      is_bo: true,
      position: 'Director',
      ownership: '100',
      authority: { basis: 'Articles of association', issue_date: '2015-06-01' },
      residence_address: { country: 'GB', zip: 'SW1A 1AA', city: 'London', street: '10 Palace Street' },
      has_bankruptcy: false,
      aml: {
        pep: false,
        pepRelativeOrAssociate: false,
        convicted: false,
        investigated: false,
        licenceSuspended: false,
        bankruptcy: false,
      },
    },
    contacts: [
      {
        email: 'ops@northwind.example',
        firstName: 'Nora',
        lastName: 'Quinn',
        position: 'Head of Operations',
        phone: '+44 20 7946 0321',
        technical: true,
        onlineBanking: true,
      },
      {
        email: 'finance@northwind.example',
        firstName: 'Oliver',
        lastName: 'Shaw',
        position: 'Finance Manager',
        phone: '+44 20 7946 0456',
        financial: true,
      },
    ],
    offer: {
      client: 'Northwind Trading Ltd',
      term: '24 months',
      account_types: ['Business current account', 'Multi-currency wallet'],
      payment_options: ['SEPA', 'SEPA Instant', 'FPS', 'SWIFT'],
      territories: ['United Kingdom', 'European Economic Area'],
      currencies: ['EUR', 'GBP', 'USD'],
      default_currency: 'GBP',
      payment_systems: ['SEPA', 'FPS', 'CHAPS', 'SWIFT'],
      minimum_funds: { amount: '5000.00', currency: 'GBP' },
      expiry_date: '2027-12-31',
      condition: 'Monthly volume up to GBP 2,000,000',
      fee: '0.15% per pay-out, minimum GBP 1.00',
    },
    file: {
      fileType: 'incorporationCertificate',
      fileName: 'certificate-of-incorporation.pdf',
      createdAt: uploaded,
      expiresAt: addMonthsUtc(uploaded, 3),
    },
  });
}
