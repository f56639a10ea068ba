import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { StatusDonut } from './status-donut.tsx';

afterEach(cleanup);

const DATA = [
  { name: 'Settled', value: 3, color: 'teal.6' },
  { name: 'Pending', value: 1, color: 'yellow.6' },
];
const format = (value: number) => `${value} payments`;

describe('<StatusDonut> (the dashboard status chart)', () => {
  it('draws each status as its share of the ring and names the whole chart', async () => {
    await renderUi(
      <StatusDonut
        data={DATA}
        size={160}
        thickness={24}
        centreLabel="4"
        format={format}
        label="Payment statuses"
      />,
    );
    const chart = screen.getByRole('img', { name: 'Payment statuses' });
    const circumference = 2 * Math.PI * 68;
    const lengths = [...chart.querySelectorAll('circle')].map((c) =>
      Number(c.getAttribute('stroke-dasharray')?.split(' ')[0]),
    );
    // 3 of 4 and 1 of 4, less the hairline between segments.
    expect(lengths[0]).toBeCloseTo(circumference * 0.75 - 2, 3);
    expect(lengths[1]).toBeCloseTo(circumference * 0.25 - 2, 3);
    expect(chart.textContent).toContain('4');
    expect(chart.querySelector('[data-segment="Pending"] title')?.textContent).toBe('Pending: 1 payments');
  });

  it('shows the pointed segment in the centre and the total again when the pointer leaves', async () => {
    await renderUi(
      <StatusDonut
        data={DATA}
        size={160}
        thickness={24}
        centreLabel="4"
        format={format}
        label="Payment statuses"
      />,
    );
    const chart = screen.getByRole('img', { name: 'Payment statuses' });
    const pending = chart.querySelector('[data-segment="Pending"]') as Element;
    fireEvent.mouseEnter(pending);
    const centre = () => [...chart.querySelectorAll('text')].map((t) => t.textContent).join(' | ');
    expect(centre()).toBe('1 payments | Pending');
    fireEvent.mouseLeave(pending);
    expect(centre()).toBe('4');
  });

  it('draws a single status as a closed ring without a gap', async () => {
    await renderUi(
      <StatusDonut
        data={[DATA[0] as (typeof DATA)[0]]}
        size={160}
        thickness={24}
        centreLabel="3"
        format={format}
        label="Payment statuses"
      />,
    );
    const circle = screen.getByRole('img').querySelector('circle');
    expect(Number(circle?.getAttribute('stroke-dasharray')?.split(' ')[0])).toBeCloseTo(2 * Math.PI * 68, 3);
  });
});
