import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { connectSupportEmail } from '../shared/api/index.ts';
import { dayjsLocaleName, directionOf, i18n } from '../shared/i18n/index.ts';
import './global.css';
import { queryClient } from './query-client.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from '../shared/ui/theme.ts';

connectSupportEmail(queryClient);

// Notifications and `modals.*` dialogs: mounted beside the app once their chunk is in (overlays.tsx).
const Overlays = lazy(() => import('./overlays.tsx').then((module) => ({ default: module.Overlays })));

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
                <Suspense fallback={null}>
                  <Overlays />
                </Suspense>
                {children}
              </LocalisedDates>
            </MantineProvider>
          </LanguageDirection>
        </DirectionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
