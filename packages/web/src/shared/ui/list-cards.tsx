import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { KeyboardEvent, ReactNode } from 'react';
import { PHONE_QUERY } from './scroll-tabs.ts';

/**
 * Lists on a phone (mobile layout rule, issue 19). Under the phone breakpoint a table becomes a
 * list of cards, each in two lines — what it is and its figure, then its date and status — with
 * the row's actions on the card, so nothing needs sideways scrolling. At desktop widths the table
 * stays. Every list uses this one pattern.
 */

/** True under the phone breakpoint; known on the first render, so a table never flashes first. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

export interface CardListProps {
  /** Skeleton cards instead of content while the first page loads. */
  isLoading?: boolean;
  /** `data-testid` of the list, for journeys and tests. */
  testId: string;
  /** How many skeleton cards to show while loading. */
  skeletons?: number;
  children: ReactNode;
}

/** The column of cards (or its loading skeleton). */
export function CardList({ isLoading = false, testId, skeletons = 4, children }: CardListProps) {
  if (isLoading)
    return (
      <Stack gap="xs" data-testid={`${testId}-loading`}>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cards have no identity
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  return (
    <Stack gap="xs" data-testid={testId}>
      {children}
    </Stack>
  );
}

export interface ListCardProps {
  /** First line, left: the name a person looks for (counterparty, account, user, company). */
  title: ReactNode;
  /** First line, right: the figure (amount, balance) or a short fact. */
  aside?: ReactNode;
  /** Second line, left: date and other small facts, dimmed. */
  meta?: ReactNode;
  /** Second line, right: the status badge. */
  status?: ReactNode;
  /** Before the lines: a selection checkbox, a direction icon. Clicks here do not open the card. */
  leading?: ReactNode;
  /** After the lines: the row's action menu. Clicks here do not open the card. */
  actions?: ReactNode;
  /** Further lines under the two (balances per currency, rights …). */
  children?: ReactNode;
  /** Tapping the card (or Enter on it) opens what the row opened in the table. */
  onOpen?: () => void;
  /** Accessible name of the card when it opens something. */
  openLabel?: string;
  /** Data attributes for journeys and tests (`data-uuid`, `data-status` …). */
  data?: Record<`data-${string}`, string | number | undefined>;
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** One row of a list as a card. */
export function ListCard({
  title,
  aside,
  meta,
  status,
  leading,
  actions,
  children,
  onOpen,
  openLabel,
  data,
}: ListCardProps) {
  const opens = onOpen !== undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen?.();
    }
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-list-card=""
      {...data}
      {...(opens
        ? {
            role: 'button',
            tabIndex: 0,
            'aria-label': openLabel,
            onClick: onOpen,
            onKeyDown,
            style: { cursor: 'pointer' },
          }
        : {})}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {leading ? (
          <div onClick={stop} style={{ display: 'flex', gap: 6, alignItems: 'center', flexShrink: 0 }}>
            {leading}
          </div>
        ) : null}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0, flex: 1 }}>{title}</div>
            {aside ? <div style={{ flexShrink: 0, textAlign: 'right' }}>{aside}</div> : null}
          </Group>
          {meta || status ? (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0, flex: 1 }}>{meta}</div>
              {status ? <div style={{ flexShrink: 0 }}>{status}</div> : null}
            </Group>
          ) : null}
          {children}
        </Stack>
        {actions ? (
          <div onClick={stop} onKeyDown={stop} style={{ flexShrink: 0, marginTop: -4, marginRight: -6 }}>
            {actions}
          </div>
        ) : null}
      </Group>
    </Paper>
  );
}
