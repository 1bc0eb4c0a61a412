import { Box, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type MouseEvent, useId, useMemo, useState } from 'react';
import { abbreviateNumber } from '../../../lib/format.ts';
import { formatMoney, formatPercent } from '../../../lib/money.ts';

export type EffectiveRatePoint = { value: string; annualFee: string; effectiveRate: string };

type EffectiveRateChartProps = {
  curve: readonly EffectiveRatePoint[];
  /** Tier boundaries to mark (dollar strings), e.g. ['500000.00', '2000000.00']; those outside the curve's range are ignored. */
  breakpoints: readonly string[];
  /** The value being previewed and its effective rate, marked on the chart when inside the range. */
  marker?: { value: string; effectiveRate: string } | undefined;
  height?: number;
};

// Drawing units are the container's pixels once it is measured (so labels keep their size); before that,
// and in tests, a 640-unit drawing that scales with its container and keeps its aspect.
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
const MARGIN = { top: 22, right: 26, bottom: 26, left: 50 };
const LABEL = { fontSize: 11, fill: 'var(--mantine-color-gray-7)' } as const;
// A halo in the background colour keeps a label readable where it crosses a line.
const HALO = { stroke: 'var(--mantine-color-body)', strokeWidth: 3, paintOrder: 'stroke' } as const;

/** Steps of 1, 2, 2.5 and 5 × 10^k, smallest first. */
const NICE_STEPS = [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].flatMap((k) =>
  [1, 2, 2.5, 5].map((m) => m * 10 ** k),
);

// Floating-point quotients such as 0.3 / 0.1 = 2.9999999999999996 are nudged before rounding.
const ceil = (n: number) => Math.ceil(n - 1e-9);
const floor = (n: number) => Math.floor(n + 1e-9);

/** The smallest nice step that needs at most `count` steps to reach `max` (rounded up or down). */
const niceStep = (max: number, count: number, round: (n: number) => number): number =>
  NICE_STEPS.find((step) => round(max / step) <= count) ?? max / count;

const dollars = (value: number) => `$${abbreviateNumber(value, 2)}`;

const listOf = (items: string[]) => new Intl.ListFormat('en-US', { type: 'conjunction' }).format(items);

type CrosshairProps = {
  x: number;
  y: number;
  top: number;
  bottom: number;
  lineColor: string;
  lineWidth: number;
  dot: { r: number; fill: string; stroke?: string; strokeWidth?: number };
};

/** A vertical line across the plot at x with a dot on the curve (the previewed value, the pointed one). */
const Crosshair = ({ x, y, top, bottom, lineColor, lineWidth, dot }: CrosshairProps) => (
  <>
    <line x1={x} x2={x} y1={top} y2={bottom} stroke={lineColor} strokeWidth={lineWidth} />
    <circle cx={x} cy={y} {...dot} />
  </>
);

/** The chart of effective rate (annual fee / value) across values, with breakpoints and the previewed value. */
export const EffectiveRateChart = ({ curve, breakpoints, marker, height = 240 }: EffectiveRateChartProps) => {
  const summaryId = useId();
  const { ref: sizeRef, width: measured } = useElementSize();
  const viewWidth = measured > 0 ? Math.max(MIN_WIDTH, Math.round(measured)) : DEFAULT_WIDTH;
  const [activeValue, setActiveValue] = useState<string | null>(null);

  const chart = useMemo(() => {
    // At a value of 0 the rate is meaningless ("0.0000"), so that point is not drawn.
    const points = curve
      .map((point) => ({ ...point, x: Number(point.value), y: Number(point.effectiveRate) }))
      .filter((point) => point.x > 0);
    const last = points[points.length - 1];
    if (points.length < 2 || !last) return null;

    const maxValue = last.x;
    const inRange = (value: number) => value > 0 && value <= maxValue;
    const markerX = marker ? Number(marker.value) : Number.NaN;
    const shownMarker =
      marker && inRange(markerX) ? { ...marker, x: markerX, y: Number(marker.effectiveRate) } : null;

    const maxRate = Math.max(...points.map((point) => point.y), shownMarker?.y ?? 0);
    // 3 or 4 steps of a nice size above the largest rate: 4 or 5 gridlines with 0.
    const rateStep = maxRate > 0 ? niceStep(maxRate, 4, ceil) : 0.25;
    const rateSteps = maxRate > 0 ? Math.max(1, ceil(maxRate / rateStep)) : 4;
    const topRate = rateStep * rateSteps;
    // 3 to 5 steps below the last value: 4 to 6 ticks with 0.
    const valueStep = niceStep(maxValue, 5, floor);

    const plotBottom = height - MARGIN.bottom;
    const plotRight = viewWidth - MARGIN.right;
    const xOf = (value: number) => MARGIN.left + (value / maxValue) * (plotRight - MARGIN.left);
    const yOf = (rate: number) => plotBottom - (rate / topRate) * (plotBottom - MARGIN.top);

    const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(p.x).toFixed(2)},${yOf(p.y).toFixed(2)}`);
    const first = points[0] ?? last;
    const area = `${line.join(' ')} L${xOf(last.x).toFixed(2)},${plotBottom} L${xOf(first.x).toFixed(2)},${plotBottom} Z`;

    const valueTicks = Array.from({ length: floor(maxValue / valueStep) + 1 }, (_, i) => i * valueStep);
    const rateTicks = Array.from({ length: rateSteps + 1 }, (_, i) => i * rateStep);
    const shownBreakpoints = breakpoints
      .filter((b) => inRange(Number(b)))
      .sort((a, b) => Number(a) - Number(b));

    return {
      points,
      first,
      last,
      line: line.join(' '),
      area,
      valueTicks,
      rateTicks,
      shownBreakpoints,
      shownMarker,
      plotBottom,
      plotRight,
      xOf,
      yOf,
    };
  }, [curve, breakpoints, marker, height, viewWidth]);

  if (!chart) {
    return (
      <Text size="sm" c="dimmed">
        Nothing to chart yet.
      </Text>
    );
  }

  const { points, first, last, xOf, yOf, plotBottom, plotRight, shownMarker } = chart;
  const activeIndex = activeValue === null ? -1 : points.findIndex((point) => point.value === activeValue);
  const active = points[activeIndex];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const lastIndex = points.length - 1;
    const next: Record<string, number> = {
      ArrowRight: activeIndex === -1 ? 0 : Math.min(activeIndex + 1, lastIndex),
      ArrowLeft: activeIndex === -1 ? 0 : Math.max(activeIndex - 1, 0),
      Home: 0,
      End: lastIndex,
    };
    const index = next[event.key];
    if (index === undefined) return;
    event.preventDefault(); // no page scroll for Home/End
    setActiveValue(points[index]?.value ?? null);
  };

  const onMouseMove = (event: MouseEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0) return; // not laid out (jsdom)
    // The SVG keeps its aspect at 100 % width, so one scale maps screen pixels to drawing units.
    const drawingX = ((event.clientX - rect.left) / rect.width) * viewWidth;
    let nearest = points[0];
    for (const point of points) {
      if (nearest && Math.abs(xOf(point.x) - drawingX) < Math.abs(xOf(nearest.x) - drawingX)) nearest = point;
    }
    setActiveValue(nearest?.value ?? null);
  };

  const summary =
    `Effective rate from ${formatPercent(first.effectiveRate)} at ${formatMoney(first.value)} ` +
    `to ${formatPercent(last.effectiveRate)} at ${formatMoney(last.value)}` +
    (chart.shownBreakpoints.length > 0
      ? `; breakpoints at ${listOf(chart.shownBreakpoints.map((b) => formatMoney(b)))}.`
      : '.') +
    (shownMarker
      ? ` The previewed value ${formatMoney(shownMarker.value)} has ${formatPercent(shownMarker.effectiveRate)}.`
      : '');

  // Labels near the right edge are right-aligned so that they stay inside the drawing.
  const anchorAt = (x: number) => (x > plotRight - 20 ? 'end' : x < MARGIN.left + 20 ? 'start' : 'middle');
  const markerOnLeft = shownMarker !== null && xOf(shownMarker.x) > plotRight - 60;
  let lastBreakpointLabelX = -Infinity; // breakpoints too close together share the first one's label

  return (
    <Box
      ref={sizeRef}
      role="group"
      aria-label="Effective rate across values"
      aria-describedby={summaryId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
      <Text size="sm" aria-live="polite" mih={22} mb={4} c={active ? undefined : 'dimmed'}>
        {active
          ? `At ${formatMoney(active.value)}: ${formatMoney(active.annualFee)} a year (${formatPercent(active.effectiveRate)})`
          : 'Point at the chart or use the arrow keys for exact figures.'}
      </Text>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${viewWidth} ${height}`}
        style={{ display: 'block', width: '100%', height: 'auto', overflow: 'visible' }}
        onMouseMove={onMouseMove}
        onMouseLeave={() => setActiveValue(null)}
      >
        {chart.rateTicks.map((rate) => (
          <g key={rate}>
            <line
              x1={MARGIN.left}
              x2={plotRight}
              y1={yOf(rate)}
              y2={yOf(rate)}
              stroke={rate === 0 ? 'var(--mantine-color-gray-6)' : 'var(--mantine-color-gray-3)'}
              strokeWidth={1}
            />
            <text x={MARGIN.left - 8} y={yOf(rate)} dy="0.32em" textAnchor="end" {...LABEL}>
              {`${rate.toFixed(2)}%`}
            </text>
          </g>
        ))}
        {chart.valueTicks.map((value) => (
          <text key={value} x={xOf(value)} y={plotBottom + 17} textAnchor={anchorAt(xOf(value))} {...LABEL}>
            {dollars(value)}
          </text>
        ))}
        <path d={chart.area} fill="var(--mantine-color-brand-1)" fillOpacity={0.6} stroke="none" />
        {/* Under the line, so that a LINEAR step stays solid where it meets its breakpoint. */}
        {chart.shownBreakpoints.map((b) => {
          const x = xOf(Number(b));
          const labelled = x - lastBreakpointLabelX >= 56;
          if (labelled) lastBreakpointLabelX = x;
          return (
            <g key={b} data-testid="breakpoint">
              <line
                x1={x}
                x2={x}
                y1={MARGIN.top}
                y2={plotBottom}
                stroke="var(--mantine-color-gray-5)"
                strokeDasharray="4 3"
              />
              {labelled && (
                <text x={x} y={MARGIN.top - 7} textAnchor={anchorAt(x)} {...LABEL}>
                  {dollars(Number(b))}
                </text>
              )}
            </g>
          );
        })}
        <path
          data-testid="effective-rate-line"
          d={chart.line}
          fill="none"
          stroke="var(--mantine-color-brand-7)"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {shownMarker && (
          <g data-testid="marker">
            <Crosshair
              x={xOf(shownMarker.x)}
              y={yOf(shownMarker.y)}
              top={MARGIN.top}
              bottom={plotBottom}
              lineColor="var(--mantine-color-orange-7)"
              lineWidth={1.5}
              dot={{ r: 4.5, fill: 'var(--mantine-color-orange-7)' }}
            />
            {/* Beside the dot, on the side with room; below it near the top, clear of the breakpoint labels. */}
            <text
              x={xOf(shownMarker.x) + (markerOnLeft ? -8 : 8)}
              y={yOf(shownMarker.y) + (yOf(shownMarker.y) < MARGIN.top + 16 ? 16 : -8)}
              textAnchor={markerOnLeft ? 'end' : 'start'}
              fontSize={12}
              fontWeight={600}
              fill="var(--mantine-color-gray-9)"
              {...HALO}
            >
              {formatPercent(shownMarker.effectiveRate)}
            </text>
          </g>
        )}
        {active && (
          <g data-testid="active-point" pointerEvents="none">
            <Crosshair
              x={xOf(active.x)}
              y={yOf(active.y)}
              top={MARGIN.top}
              bottom={plotBottom}
              lineColor="var(--mantine-color-gray-6)"
              lineWidth={1}
              dot={{
                r: 5,
                fill: 'var(--mantine-color-brand-7)',
                stroke: 'var(--mantine-color-body)',
                strokeWidth: 2,
              }}
            />
          </g>
        )}
      </svg>
    </Box>
  );
};
