import type { DirectoryProfile } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';
import * as repo from './directory.repo.ts';

/** Crypto-sector companies that are only directory members in the demo (no users, no wallets). */
const DEMO_MEMBERS: { company: string; country: string; profile: DirectoryProfile }[] = [
  {
    company: 'Baltic Ledger Custody UAB',
    country: 'LT',
    profile: {
      display_name: 'Baltic Ledger Custody',
      description: 'Segregated cold custody for institutional clients, with travel-rule messaging.',
      services: ['custody', 'wallet'],
      countries: ['LT', 'LV', 'EE', 'PL'],
      currencies: ['EUR', 'BTC', 'ETH', 'USDC'],
      networks: ['bitcoin', 'ethereum'],
      website: 'https://balticledger.example',
      contact_name: 'Rasa Petrauskaite',
      contact_email: 'partners@balticledger.example',
    },
  },
  {
    company: 'Harbour OTC Ltd',
    country: 'GB',
    profile: {
      display_name: 'Harbour OTC',
      description: 'OTC desk for block trades in BTC, ETH and stablecoins; same-day GBP and EUR settlement.',
      services: ['otc', 'brokerage'],
      countries: ['GB', 'IE'],
      currencies: ['GBP', 'EUR', 'USDT', 'USDC', 'BTC'],
      networks: ['bitcoin', 'ethereum', 'tron'],
      website: 'https://harbour-otc.example',
      contact_name: 'Oliver Grant',
      contact_email: 'desk@harbour-otc.example',
    },
  },
  {
    company: 'Vistula Pay sp. z o.o.',
    country: 'PL',
    profile: {
      display_name: 'Vistula Pay',
      description: 'Crypto on-ramp and merchant payments for e-commerce in Central Europe.',
      services: ['onramp', 'payments'],
      countries: ['PL', 'CZ', 'SK'],
      currencies: ['PLN', 'EUR', 'USDT'],
      networks: ['ethereum', 'tron', 'polygon'],
      website: 'https://vistulapay.example',
      contact_name: 'Anna Kowalska',
      contact_email: 'hello@vistulapay.example',
    },
  },
];

const valuesOf = (p: DirectoryProfile) => ({
  displayName: p.display_name,
  description: p.description,
  services: p.services,
  countries: p.countries,
  currencies: p.currencies,
  networks: p.networks,
  website: p.website,
  contactName: p.contact_name,
  contactEmail: p.contact_email,
});

/** A few published members, and the demo's digital company, so the directory is not empty. */
export async function seedDemoDirectory(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const users = service(deps, 'users');
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    for (const m of DEMO_MEMBERS) {
      const company = await users.createCompany(tx, {
        name: m.company,
        platform: 'CJD',
        additionalData: { company_name: m.company, company_country_code: m.country },
      });
      await repo.insertEntry(tx, company.id, valuesOf(m.profile), now);
    }
    const digital = ctx.ids.secondCompanyId;
    if (digital) {
      await repo.insertEntry(
        tx,
        digital,
        valuesOf({
          display_name: 'Northwind Digital',
          description: 'Stablecoin treasury and supplier payments for the Northwind group.',
          services: ['payments', 'wallet'],
          countries: ['LT', 'GB'],
          currencies: ['EUR', 'USDT', 'USDC'],
          networks: ['ethereum', 'tron'],
          website: 'https://digital.northwind.example',
          contact_name: '',
          contact_email: '',
        }),
        now,
      );
    }
  });
}
