import { z } from 'zod';
import { defineRoute, ok } from '../api/route.ts';
import { PLATFORM_LABELS } from '../platform/platform.ts';

export const maintenanceStateSchema = z.object({
  state: z.enum(['none', 'planned', 'started']),
  startsAt: z.string().nullable(),
  message: z.string().nullable(),
  /** Russian text of the message (operator console); en-gb `message` is shown when absent. */
  messageRu: z.string().nullable(),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

const providerEntitySchema = z.object({
  label: z.enum(PLATFORM_LABELS),
  legalName: z.string(),
  registrationNumber: z.string(),
  regulator: z.string(),
  address: z.string(),
  bank: z.object({ name: z.string(), bic: z.string(), address: z.string() }),
  support: z.object({ email: z.string(), phone: z.string(), hours: z.string() }),
});

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    summary: 'Database and job queue health',
    tag: 'system',
    auth: 'public',
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'pg']), latencyMs: z.number() }),
      jobs: z.object({ ok: z.boolean(), queued: z.number().int() }),
      version: z.string(),
    }),
  }),
  platform: defineRoute({
    method: 'GET',
    path: '/platform',
    summary: 'Platform label of the host and its provider entity, and the maintenance state',
    tag: 'system',
    auth: 'public',
    response: ok({ platform: providerEntitySchema, maintenance: maintenanceStateSchema }),
  }),
  planMaintenance: defineRoute({
    method: 'POST',
    path: '/maintenance/plan',
    summary: 'Plan maintenance (operator)',
    tag: 'system',
    auth: 'admin',
    body: z.object({
      startsAt: z.iso.datetime({ offset: true }),
      message: z.string().trim().min(1).max(500),
      messageRu: z.string().trim().min(1).max(500).optional(),
    }),
    response: ok({ maintenance: maintenanceStateSchema }),
  }),
  startMaintenance: defineRoute({
    method: 'POST',
    path: '/maintenance/start',
    summary: 'Start maintenance now (operator); client calls then answer 403',
    tag: 'system',
    auth: 'admin',
    body: z.object({
      message: z.string().trim().min(1).max(500).optional(),
      messageRu: z.string().trim().min(1).max(500).optional(),
    }),
    response: ok({ maintenance: maintenanceStateSchema }),
  }),
  endMaintenance: defineRoute({
    method: 'POST',
    path: '/maintenance/end',
    summary: 'End or cancel maintenance (operator)',
    tag: 'system',
    auth: 'admin',
    body: z.object({}),
    response: ok({ maintenance: maintenanceStateSchema }),
  }),
};
