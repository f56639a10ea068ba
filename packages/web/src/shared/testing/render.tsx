import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../ui/theme.ts';
import { i18nReady, setLanguage } from '../i18n/index.ts';

/**
 * Component tests (Vitest + Testing Library on happy-dom): the real theme, translations and a
 * fresh query client, in the language asked for. `queryData` answers queries before the first render
 * (a query that is never stale then sends no request: a test makes no network calls).
 */
export async function renderUi(
  ui: ReactElement,
  {
    language = 'en-gb',
    queryData = [],
  }: { language?: string; queryData?: [key: readonly unknown[], data: unknown][] } = {},
) {
  await i18nReady;
  await setLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of queryData) client.setQueryData(key, data);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>{children}</MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}
