export * from './access.api.ts';
export * from './boarding.api.ts';
export * from './boarding.errors.ts';
export * from './checklist.ts';
export * from './date-fields.ts';
export * from './field-errors.ts';
export * from './files.ts';
export * from './form-rules.ts';
export * from './forms.ts';
export * from './machines.ts';
export * from './operator.api.ts';
export * from './postal-codes.ts';
export * from './questionnaires.ts';
export * from './text-rules.ts';
export * from './verification.api.ts';
export * from './views.ts';

import { boardingAccessRoutes } from './access.api.ts';
import { boardingRoutes } from './boarding.api.ts';
import { operatorRoutes } from './operator.api.ts';
import { verificationRoutes } from './verification.api.ts';

/** Every boarding route, spread into the one route table. */
export const allBoardingRoutes = {
  ...boardingAccessRoutes,
  ...boardingRoutes,
  ...verificationRoutes,
  ...operatorRoutes,
};
