import type { PaymentStatus } from '@portal/domain';

/** Colour of each payment status in badges and the status chart. */
export const STATUS_COLORS = {
  initializing: 'gray.5',
  created: 'blue.5',
  pending: 'yellow.6',
  expired: 'gray.6',
  settled: 'teal.6',
  declined: 'red.6',
  canceled: 'gray.7',
  captured: 'cyan.6',
  authorized: 'indigo.5',
  rejected: 'pink.6',
  returned: 'orange.6',
} as const satisfies Record<PaymentStatus, string>;

/** Mantine colour name (no shade) for badges. */
export const statusBadgeColor = (status: PaymentStatus): string =>
  STATUS_COLORS[status].split('.')[0] ?? 'gray';

/** Label key of a status: the payments area's label when it exists, else ours. */
export const statusLabelKeys = (status: PaymentStatus): string[] => [
  `payments:status.${status}`,
  `dashboard:paymentStatus.${status}`,
];
