import type { RouteDef } from '@portal/domain';
import type { z } from 'zod';

/** The request body schema of a route of the table (forms validate with it, never a copy). */
export function bodySchema<B extends z.ZodType>(route: RouteDef<B, z.ZodType, z.ZodType, z.ZodType>): B {
  if (!route.body) throw new Error(`route ${route.method} ${route.path} has no body schema`);
  return route.body;
}
