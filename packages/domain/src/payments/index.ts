export * from './bank-directory.ts';
export * from './csv.ts';
export * from './methods.ts';
export * from './payments.api.ts';
export * from './extras.api.ts';
export * from './payments.errors.ts';
export * from './payments.schemas.ts';
export * from './requisites.ts';
export * from './state-machine.ts';

import { paymentExtraRoutes } from './extras.api.ts';
import { paymentsRoutes } from './payments.api.ts';

/** Every route of the payments area, spread into `apiRoutes`. */
export const paymentAreaRoutes = { ...paymentsRoutes, ...paymentExtraRoutes };
