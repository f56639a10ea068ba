import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { connectSupportEmail } from '../shared/api/index.ts';
import { dayjsLocaleName, directionOf, i18n } from '../shared/i18n/index.ts';
import './global.css';
import { queryClient } from './query-client.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

connectSupportEmail(queryClient);

/** Spec §9: notification z-index 6000, above modals. */
export const NOTIFICATIONS_Z_INDEX = 6000;

function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return <DatesProvider settings={{ locale: dayjsLocaleName(instance.language) }}>{children}</DatesProvider>;
}

/** Arabic and Hebrew lay Mantine out right to left; <html dir> follows (shared/i18n applyLocale). */
function LanguageDirection({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const { dir, setDirection } = useDirection();
  const wanted = directionOf(instance.language);
  useEffect(() => {
    if (dir !== wanted) setDirection(wanted);
  }, [dir, wanted, setDirection]);
  return children;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
          <LanguageDirection>
            <MantineProvider
              theme={theme}
              cssVariablesResolver={cssVariablesResolver}
              defaultColorScheme="dark"
              colorSchemeManager={colorSchemeManager}
            >
              <LocalisedDates>
                <ModalsProvider>
                  <Notifications position="top-right" zIndex={NOTIFICATIONS_Z_INDEX} limit={5} />
                  {children}
                </ModalsProvider>
              </LocalisedDates>
            </MantineProvider>
          </LanguageDirection>
        </DirectionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
