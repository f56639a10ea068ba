import { dashboardModule } from '../dashboard/dashboard.module.ts';
import { ledgerModule } from '../ledger/ledger.module.ts';
import { statementsModule } from '../statements/statements.module.ts';
import type { AppModule } from '../module.ts';
import { walletsModule } from './wallets.module.ts';

/** The accounts area's modules in order: ledger first, since the others call its service. */
export const accountsModules: AppModule[] = [ledgerModule, walletsModule, statementsModule, dashboardModule];
