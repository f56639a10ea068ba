import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { Page } from './page.tsx';
import { WidgetCard } from './widget-card.tsx';

afterEach(cleanup);

const PAGE_TITLE = 'Dashboard';
const WIDGET_TITLE = 'Available balances';

describe('WidgetCard', () => {
  // Screen readers list headings by level; a widget under the page's h2 must not skip to h5
  // (Lighthouse's heading-order audit flagged exactly that on the dashboard).
  it('titles a widget one level below the page title', async () => {
    await renderUi(
      <Page title={PAGE_TITLE}>
        <WidgetCard title={WIDGET_TITLE} />
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 2, name: PAGE_TITLE })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: WIDGET_TITLE })).toBeTruthy();
  });

  it('shows the missing right instead of the widget without it', async () => {
    await renderUi(
      <WidgetCard title={WIDGET_TITLE} hasRights={false}>
        <div data-testid="widget-body" />
      </WidgetCard>,
    );
    expect(screen.getByTestId('no-rights')).toBeTruthy();
    expect(screen.queryByTestId('widget-body')).toBeNull();
  });
});
