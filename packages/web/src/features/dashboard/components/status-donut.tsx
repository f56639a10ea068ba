import { useState } from 'react';
import classes from './widgets.module.css';

export interface DonutSegment {
  /** What the segment is (a status name): its tooltip, and the centre while it is pointed at. */
  name: string;
  /** Positive size of the segment (a count, or an amount in minor units). */
  value: number;
  /** Mantine colour with shade, as in STATUS_COLORS ('teal.6'). */
  color: string;
}

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * A donut of a few segments, drawn as SVG circles with dash lengths (no chart library: recharts
 * was most of the dashboard's code and, on a slow phone, its measuring on mount blocked the main
 * thread longest, issue 15). Pointing at a segment, or focusing it, shows its name and value in the
 * centre; the widget's table beside lists every value, and the SVG names the whole for screen readers.
 */
export function StatusDonut({
  data,
  size,
  thickness,
  centreLabel,
  format,
  label,
}: {
  data: readonly DonutSegment[];
  size: number;
  thickness: number;
  /** The centre's text while no segment is pointed at (the total, or the currency). */
  centreLabel: string;
  format: (value: number) => string;
  /** Accessible name of the whole chart. */
  label: string;
}) {
  const [active, setActive] = useState<number | null>(null);
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const total = data.reduce((sum, d) => sum + d.value, 0);
  // A hairline between segments, as a pie's separating stroke; none around a single segment.
  const gap = data.length > 1 ? Math.min(2, circumference / data.length / 4) : 0;
  let offset = 0;
  const segments = data.map((d, index) => {
    const length = total > 0 ? (d.value / total) * circumference : 0;
    const start = offset;
    offset += length;
    return { ...d, index, start, length: Math.max(length - gap, 0.5) };
  });
  const shown = active === null ? null : data[active];
  const centre = size / 2;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      className={classes.donut}
      data-testid="status-donut"
    >
      <g transform={`rotate(-90 ${centre} ${centre})`}>
        {segments.map((s) => (
          <circle
            key={s.index}
            cx={centre}
            cy={centre}
            r={radius}
            fill="none"
            stroke={cssColor(s.color)}
            strokeWidth={active === s.index ? thickness + 4 : thickness}
            strokeDasharray={`${s.length} ${circumference - s.length}`}
            strokeDashoffset={-s.start}
            opacity={active === null || active === s.index ? 1 : 0.45}
            onMouseEnter={() => setActive(s.index)}
            onMouseLeave={() => setActive(null)}
            data-segment={s.name}
          >
            <title>{`${s.name}: ${format(s.value)}`}</title>
          </circle>
        ))}
      </g>
      {shown ? (
        <>
          <text x={centre} y={centre - 4} textAnchor="middle" className={classes.donutValue}>
            {format(shown.value)}
          </text>
          <text x={centre} y={centre + 14} textAnchor="middle" className={classes.donutName}>
            {shown.name}
          </text>
        </>
      ) : (
        <text
          x={centre}
          y={centre}
          dominantBaseline="central"
          textAnchor="middle"
          className={classes.donutValue}
        >
          {centreLabel}
        </text>
      )}
    </svg>
  );
}
