import { z } from 'zod';
import { defineRoute, ok } from '../api/route.ts';
import { CHART_GROUP_BY, PAYMENT_STATUSES, TRANSACTION_SIGNS } from '../enums/payments.ts';
import { WIDGET_RIGHTS, WIDGET_TYPES } from './dashboard.ts';
import { currencyCodeSchema, moneySchema } from './wallets.schemas.ts';

const tag = 'dashboard';

const widgetInput = z.object({
  slide_no: z.number().int().min(1).max(20),
  placement: z
    .number()
    .int()
    .min(0, 'Placement must be 0 to 3: a slide has 4 cells.')
    .max(3, 'Placement must be 0 to 3: a slide has 4 cells.'),
  widget_type: z.enum(WIDGET_TYPES, { error: `Unknown widget type: use one of ${WIDGET_TYPES.join(', ')}.` }),
  parameters: z
    .object({
      period: z
        .string()
        .regex(/^[1-9]\d*[wmy]$/)
        .optional(),
    })
    .default({}),
});

const widgetSchema = widgetInput.extend({
  id: z.number().int().nullable(),
  cellsCount: z.union([z.literal(1), z.literal(2)]),
  has_rights: z.boolean(),
  /** 'No rights for widget' when the user lacks the widget's right, else null. */
  message: z.string().nullable(),
});

const widgetsResponse = ok({ widgets: z.array(widgetSchema) });

export const dashboardRoutes = {
  dashboardWidgets: defineRoute({
    method: 'GET',
    path: '/dashboard/widgets',
    summary: "The user's stored widget layout (a default one until saved)",
    tag,
    auth: 'user',
    response: widgetsResponse,
  }),
  dashboardSaveWidgets: defineRoute({
    method: 'POST',
    path: '/dashboard/widgets',
    summary: 'Replace the widget layout; cellsCount is computed (Chart of 90 days or more spans 2)',
    tag,
    auth: 'user',
    errors: ['WIDGET_OUT_OF_GRID', 'WIDGET_OVERLAP'],
    body: z.object({ widgets: z.array(widgetInput).max(40) }),
    response: widgetsResponse,
  }),
  paymentStatuses: defineRoute({
    method: 'POST',
    path: '/transaction_widgets/payment_statuses',
    summary: 'Payment/transaction status chart: quantity and amount per status, per currency',
    tag,
    auth: 'user',
    right: WIDGET_RIGHTS.Chart,
    body: z.object({
      transaction_sign: z.enum(TRANSACTION_SIGNS).default('any'),
      days: z.coerce.number().int().min(1).max(1080).default(30),
      group_by: z.enum(CHART_GROUP_BY).default('quantity'),
      currency: currencyCodeSchema.optional(),
    }),
    response: ok({
      group_by: z.enum(CHART_GROUP_BY),
      payment_statuses: z.array(
        z.object({
          currency: z.string(),
          statuses: z.array(
            z.object({ status: z.enum(PAYMENT_STATUSES), quantity: z.number().int(), amount: moneySchema }),
          ),
        }),
      ),
    }),
  }),
  recentPayments: defineRoute({
    method: 'GET',
    path: '/transaction_widgets/recent_payments',
    summary: 'Most recent money movements of the company (recent payments widget)',
    tag,
    auth: 'user',
    right: WIDGET_RIGHTS.RecentPayments,
    errors: ['FORBIDDEN', 'WALLET_NOT_FOUND'],
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: ok({
      payments: z.array(
        z.object({
          entry_id: z.number().int(),
          kind: z.string(),
          reference: z.string().nullable(),
          status: z.enum(PAYMENT_STATUSES),
          value_date: z.string(),
          wallet_id: z.number().int(),
          wallet_uuid: z.string(),
          wallet_name: z.string(),
          currency: z.string(),
          amount: moneySchema,
          direction: z.enum(['inbound', 'outbound']),
          counterparty: z.string().nullable(),
        }),
      ),
    }),
  }),
};
