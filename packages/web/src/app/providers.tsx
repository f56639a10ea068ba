import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { connectSupportEmail } from '../shared/api/index.ts';
import { dayjsLocaleName, i18n } from '../shared/i18n/index.ts';
import { queryClient } from './query-client.ts';
import { colorSchemeManager, theme } from './theme.ts';

connectSupportEmail(queryClient);

/** Spec §9: notification z-index 6000, above modals. */
export const NOTIFICATIONS_Z_INDEX = 6000;

function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return <DatesProvider settings={{ locale: dayjsLocaleName(instance.language) }}>{children}</DatesProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={colorSchemeManager}>
          <LocalisedDates>
            <ModalsProvider>
              <Notifications position="top-right" zIndex={NOTIFICATIONS_Z_INDEX} limit={5} />
              {children}
            </ModalsProvider>
          </LocalisedDates>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
