import { createHash } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import { hashPassword } from '../auth/credentials.ts';
import type { DemoSeedContext } from '../module.ts';
import { insertAccount } from './access.repo.ts';
import { insertContact, insertPerson } from './forms.repo.ts';

export const DEMO_BOARDING_PASSWORD = 'Aurora-Boarding-2026!';

/** The demo applicant: Aurora Analytics GmbH, its boarding contact and one related person. */
export async function seedBoarding(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const account = await insertAccount(deps.db, {
    name: 'Aurora Analytics GmbH',
    appFormStatus: 'draft',
    reviewStatus: 'Draft',
    company: {
      company_name: 'Aurora Analytics GmbH',
      registration_number: 'HRB 123456',
      websites: ['https://aurora.example'],
      is_micro_enterprise: false,
      legal_address: { country: 'DE', zip: '10115', city: 'Berlin', street: 'Invalidenstrasse 117' },
    },
  });
  if (!account) throw new Error('demo boarding record not created');
  const digest = createHash('sha512').update(DEMO_BOARDING_PASSWORD).digest('hex');
  await insertContact(deps.db, {
    accountId: account.id,
    email: 'boarding@aurora.example',
    firstName: 'Lena',
    lastName: 'Vogel',
    isBc: true,
    passwordHash: await hashPassword(digest),
  });
  await insertPerson(deps.db, {
    accountId: account.id,
    firstName: 'Jonas',
    lastName: 'Richter',
    email: 'jonas.richter@aurora.example',
    isAs: true,
    isLr: true,
    isBo: true,
    data: {
      first_name: 'Jonas',
      last_name: 'Richter',
      birth_date: '1981-05-14',
      email: 'jonas.richter@aurora.example',
      document: {
        type: 'passport',
        number: 'C01X00T47',
        issuedCountryCode: 'DE',
        issuedBy: 'Stadt Berlin',
        issuedDate: '2019-03-01',
        expirationDate: '2029-02-28',
      },
      is_as: true,
      is_lr: true,
      is_bo: true,
      position: 'Managing Director',
      ownership: '60',
      authority: { basis: 'Articles of association', issue_date: '2019-01-10' },
      residence_address: { country: 'DE', zip: '10437', city: 'Berlin', street: 'Kastanienallee 12' },
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
  });
  ctx.ids.demoBoardingUuid = account.id;
  ctx.logins.push({
    login: 'boarding@aurora.example',
    password: DEMO_BOARDING_PASSWORD,
    totpSecret: '(code by email: /dev/mail)',
    role: `boarding contact (bc) — /brd/${account.id}/bc`,
  });
}
