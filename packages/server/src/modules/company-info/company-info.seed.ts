import { APP_FILE_TYPE_NAMES, APP_FILE_TYPES } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';
import { addMonthsUtc } from '../boarding-files/files.service.ts';
import { seedLiveBoardingRecord } from './company-info.repo.ts';

const DAY_MS = 86_400_000;

/**
 * Every required application file, renewed a month ago (files run for three months): a live
 * company keeps its go-live checklist complete.
 */
function currentFiles(now: Date) {
  const uploaded = addMonthsUtc(now, -1);
  return APP_FILE_TYPE_NAMES.filter((type) => APP_FILE_TYPES[type].required).map((fileType) => ({
    fileType,
    fileName: `${fileType.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.pdf`,
    createdAt: uploaded,
    expiresAt: addMonthsUtc(uploaded, 3),
  }));
}

/**
 * The demo companies went live through boarding (issue 36: a consistent story): every go-live step
 * done before their accounts were opened, contacts for every issue type, the accepted offer
 * (limits) and the signed contract; Northwind Trading's related person has a passport that expires
 * soon (an alert, not a checklist item).
 */
export async function seedCompanyInfo(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const merchantId = ctx.ids.demoCompanyId;
  if (!merchantId) return;
  const now = deps.clock.now();
  const expiry = new Date(now.getTime() + 45 * DAY_MS).toISOString().slice(0, 10);
  // Live the day before the accounts were opened (the wallets seed dates them before its history).
  const opened = ctx.ids.demoAccountsOpenedAt ? new Date(ctx.ids.demoAccountsOpenedAt) : now;
  await seedLiveBoardingRecord(deps.db, {
    merchantId,
    now,
    wentLiveAt: new Date(opened.getTime() - DAY_MS),
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
      {
        email: 'compliance@northwind.example',
        firstName: 'Priya',
        lastName: 'Nair',
        position: 'Compliance Officer',
        phone: '+44 20 7946 0789',
        compliance: true,
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
    files: currentFiles(now),
  });
  await seedSecondCompany(deps, ctx, now);
}

/** Northwind Digital UAB: live too, opened a few days ago with its opening deposit. */
async function seedSecondCompany(deps: AppDeps, ctx: DemoSeedContext, now: Date) {
  const merchantId = ctx.ids.secondCompanyId;
  if (!merchantId) return;
  await seedLiveBoardingRecord(deps.db, {
    merchantId,
    now,
    wentLiveAt: new Date(now.getTime() - 5 * DAY_MS),
    person: {
      first_name: 'Rasa',
      last_name: 'Kazlauskienė',
      birth_date: '1984-02-03',
      email: 'rasa@northwind-digital.example',
      document: {
        type: 'passport',
        number: '23456781',
        issuedCountryCode: 'LT',
        issuedBy: 'Migration Department',
        issuedDate: '2021-04-20',
        expirationDate: '2031-04-19',
      },
      is_as: true,
      is_lr: true,
      is_bo: true,
      position: 'Director',
      ownership: '100',
      authority: { basis: 'Articles of association', issue_date: '2022-09-01' },
      residence_address: { country: 'LT', zip: 'LT-01103', city: 'Vilnius', street: 'Gedimino pr. 9' },
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
        email: 'ops@northwind-digital.example',
        firstName: 'Tomas',
        lastName: 'Petrauskas',
        position: 'Operations Lead',
        phone: '+370 5 212 3456',
        technical: true,
        onlineBanking: true,
        compliance: true,
      },
    ],
    offer: {
      client: 'Northwind Digital UAB',
      term: '24 months',
      account_types: ['Business current account'],
      payment_options: ['SEPA', 'SEPA Instant'],
      territories: ['European Economic Area'],
      currencies: ['EUR'],
      default_currency: 'EUR',
      payment_systems: ['SEPA'],
      minimum_funds: { amount: '1000.00', currency: 'EUR' },
      expiry_date: '2027-12-31',
      condition: 'Monthly volume up to EUR 500,000',
      fee: '0.15% per pay-out, minimum EUR 1.00',
    },
    files: currentFiles(now),
  });
}
