import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { type DonutSegment, StatusDonut } from './status-donut.tsx';

afterEach(cleanup);

const SETTLED = { name: 'Settled', value: 3, color: 'teal.6' };
const PENDING = { name: 'Pending', value: 1, color: 'yellow.6' };
/** The chart's accessible name, as the widget passes it in (already translated). */
const CHART_NAME = 'Payment statuses';
/** The ring's circumference at size 160 and thickness 24 (radius 68). */
const CIRCUMFERENCE = 2 * Math.PI * 68;

/** Draws the donut as the chart widget does and answers its SVG (found by its accessible name). */
async function drawDonut(data: DonutSegment[], centreLabel: string): Promise<HTMLElement> {
  await renderUi(
    <StatusDonut
      data={data}
      size={160}
      thickness={24}
      centreLabel={centreLabel}
      format={(value) => `${value} payments`}
      label={CHART_NAME}
    />,
  );
  return screen.getByRole('img', { name: CHART_NAME });
}

const dashLengths = (chart: HTMLElement) =>
  [...chart.querySelectorAll('circle')].map((c) => Number(c.getAttribute('stroke-dasharray')?.split(' ')[0]));

describe('<StatusDonut> (the dashboard status chart)', () => {
  it('draws each status as its share of the ring, with its value in its tooltip', async () => {
    const chart = await drawDonut([SETTLED, PENDING], '4');
    // 3 of 4 and 1 of 4, less the hairline between segments.
    const [settled, pending] = dashLengths(chart);
    expect(settled).toBeCloseTo(CIRCUMFERENCE * 0.75 - 2, 3);
    expect(pending).toBeCloseTo(CIRCUMFERENCE * 0.25 - 2, 3);
    expect(chart.textContent).toContain('4');
    expect(chart.querySelector('[data-segment="Pending"] title')?.textContent).toBe('Pending: 1 payments');
  });

  it('shows the pointed segment in the centre and the total again when the pointer leaves', async () => {
    const chart = await drawDonut([SETTLED, PENDING], '4');
    const pending = chart.querySelector('[data-segment="Pending"]') as Element;
    const centre = () => [...chart.querySelectorAll('text')].map((t) => t.textContent).join(' | ');
    fireEvent.mouseEnter(pending);
    expect(centre()).toBe('1 payments | Pending');
    fireEvent.mouseLeave(pending);
    expect(centre()).toBe('4');
  });

  it('draws a single status as a closed ring without a gap', async () => {
    const chart = await drawDonut([SETTLED], '3');
    expect(dashLengths(chart)[0]).toBeCloseTo(CIRCUMFERENCE, 3);
  });
});
