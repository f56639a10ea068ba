import { Button, Group, Pagination, Skeleton, Stack } from '@mantine/core';
import { type WidgetType, widgetCellsCount } from '@portal/domain';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { useWidgets } from '../api.ts';
import { BalancesWidget } from '../components/balances-widget.tsx';
import { ChartWidget } from '../components/chart-widget.tsx';
import { PlaceholderWidget } from '../components/placeholder-widget.tsx';
import { RecentPaymentsWidget } from '../components/recent-payments-widget.tsx';
import classes from './dashboard.module.css';

interface Widget {
  slide_no: number;
  placement: number;
  widget_type: WidgetType;
  parameters: { period?: string };
  has_rights: boolean;
}

function renderWidget(widget: Widget, cells: 1 | 2): ReactNode {
  switch (widget.widget_type) {
    case 'Balances':
      return <BalancesWidget hasRights={widget.has_rights} />;
    case 'Chart':
      return (
        <ChartWidget hasRights={widget.has_rights} period={widget.parameters.period} isWide={cells === 2} />
      );
    case 'RecentPayments':
      return <RecentPaymentsWidget hasRights={widget.has_rights} />;
    case 'InstantFx':
      return <PlaceholderWidget titleKey="widgets.InstantFx" hasRights={widget.has_rights} />;
    case 'Checklist':
      return <PlaceholderWidget titleKey="widgets.Checklist" hasRights={widget.has_rights} />;
    default:
      return assertNever(widget.widget_type);
  }
}

function assertNever(value: never): never {
  throw new Error(`unknown widget ${String(value)}`);
}

/** Route `main` (''): the dashboard, laid out from the user's stored widgets (slide, placement, cells). */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const query = useWidgets();
  const widgets = [...(query.data?.widgets ?? [])].sort(
    (a, b) => a.slide_no - b.slide_no || a.placement - b.placement,
  );
  const slides = [...new Set(widgets.map((w) => w.slide_no))];
  const [slideIndex, setSlideIndex] = useState(1);
  const slide = slides[Math.min(slideIndex, slides.length) - 1];
  const shown = widgets.filter((w) => w.slide_no === slide);

  return (
    <Page
      title={t('common:pages.dashboard.title')}
      description={t('common:pages.dashboard.description')}
      actions={
        slides.length > 1 ? (
          <Group gap="xs">
            <Pagination
              total={slides.length}
              value={Math.min(slideIndex, slides.length)}
              onChange={setSlideIndex}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`slides.${control}`) })}
              data-testid="dashboard-slides"
            />
          </Group>
        ) : null
      }
    >
      {query.isPending ? (
        <div className={classes.grid} data-testid="dashboard-loading">
          {[1, 2, 1].map((cells, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
              key={i}
              className={classes.cell}
              data-cells={cells}
              style={{ '--cell-start': [1, 2, 4][i], '--cell-span': cells } as CSSProperties}
            >
              <Skeleton height={300} radius="md" />
            </div>
          ))}
        </div>
      ) : widgets.length === 0 ? (
        <EmptyState
          icon={<IconLayoutDashboard size={26} stroke={1.5} />}
          title={t(query.isError ? 'loadFailedTitle' : 'emptyTitle')}
          description={t(query.isError ? 'loadFailedText' : 'emptyText')}
        >
          {query.isError ? (
            <Button variant="light" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <Stack gap="md">
          <div className={classes.grid} data-testid="dashboard-grid">
            {shown.map((widget) => {
              const cells = widgetCellsCount(widget);
              return (
                <div
                  key={`${widget.slide_no}-${widget.placement}`}
                  className={classes.cell}
                  data-widget={widget.widget_type}
                  data-cells={cells}
                  style={{ '--cell-start': widget.placement + 1, '--cell-span': cells } as CSSProperties}
                >
                  {renderWidget(widget, cells)}
                </div>
              );
            })}
          </div>
        </Stack>
      )}
    </Page>
  );
}
