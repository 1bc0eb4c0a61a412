import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { EffectiveRateChart, type EffectiveRatePoint } from './effective-rate-chart.tsx';

/**
 * A 3-tier TIERED schedule by hand: 1.00 % up to $500K, 0.75 % up to $2M, 0.50 % above (each rate on its
 * slice), drawn to $3M with each breakpoint and the cent above it.
 */
const CURVE: EffectiveRatePoint[] = [
  { value: '0.00', annualFee: '0.00', effectiveRate: '0.0000' },
  { value: '250000.00', annualFee: '2500.00', effectiveRate: '1.0000' },
  { value: '500000.00', annualFee: '5000.00', effectiveRate: '1.0000' },
  { value: '500000.01', annualFee: '5000.00', effectiveRate: '1.0000' },
  { value: '1000000.00', annualFee: '8750.00', effectiveRate: '0.8750' },
  { value: '2000000.00', annualFee: '16250.00', effectiveRate: '0.8125' },
  { value: '2000000.01', annualFee: '16250.00', effectiveRate: '0.8125' },
  { value: '3000000.00', annualFee: '21250.00', effectiveRate: '0.7083' },
];

const BREAKPOINTS = ['500000.00', '2000000.00'];
const HINT = 'Point at the chart or use the arrow keys for exact figures.';

const chartGroup = () => screen.getByRole('group', { name: 'Effective rate across values' });
const svgOf = (group: HTMLElement) => {
  const svg = group.querySelector('svg');
  if (!svg) throw new Error('no svg');
  return svg;
};

describe('EffectiveRateChart', () => {
  it('joins every point but the one at value 0, over labelled axes', () => {
    renderWithProviders(<EffectiveRateChart curve={CURVE} breakpoints={BREAKPOINTS} />);
    const svg = svgOf(chartGroup());
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('viewBox', '0 0 640 240');

    const d = within(chartGroup()).getByTestId('effective-rate-line').getAttribute('d') ?? '';
    const vertices = d.match(/[ML]/g) ?? [];
    expect(vertices).toHaveLength(CURVE.length - 1);
    expect(d.startsWith('M')).toBe(true);

    // Value ticks from $0 to $3M; rate gridlines from 0 to a nice 1.00 %.
    const labels = [...svg.querySelectorAll('text')].map((text) => text.textContent);
    expect(labels).toEqual(expect.arrayContaining(['$0', '$1M', '$3M', '0.00%', '0.25%', '1.00%']));
    expect(labels).not.toContain('1.25%');
  });

  it('marks the breakpoints inside the range and ignores the others', () => {
    renderWithProviders(
      <EffectiveRateChart curve={CURVE} breakpoints={['500000.00', '2000000.00', '5000000.00', '0.00']} />,
    );
    const marks = within(chartGroup()).getAllByTestId('breakpoint');
    expect(marks.map((mark) => mark.textContent)).toEqual(['$500K', '$2M']);
    expect(marks[0]?.querySelector('line')).toHaveAttribute('stroke-dasharray');
    expect(svgOf(chartGroup()).textContent).not.toContain('$5M');
  });

  it('shows the previewed value with its rate, only inside the range', () => {
    const { unmount } = renderWithProviders(
      <EffectiveRateChart
        curve={CURVE}
        breakpoints={BREAKPOINTS}
        marker={{ value: '1000000.00', effectiveRate: '0.8750' }}
      />,
    );
    expect(within(chartGroup()).getByTestId('marker')).toHaveTextContent('0.875%');
    expect(chartGroup()).toHaveAccessibleDescription(
      'Effective rate from 1.00% at $250,000.00 to 0.7083% at $3,000,000.00; breakpoints at $500,000.00 and ' +
        '$2,000,000.00. The previewed value $1,000,000.00 has 0.875%.',
    );
    unmount();

    renderWithProviders(
      <EffectiveRateChart
        curve={CURVE}
        breakpoints={BREAKPOINTS}
        marker={{ value: '9000000.00', effectiveRate: '0.6000' }}
      />,
    );
    expect(within(chartGroup()).queryByTestId('marker')).not.toBeInTheDocument();
  });

  it('summarises the curve and its breakpoints for assistive technology', () => {
    renderWithProviders(<EffectiveRateChart curve={CURVE} breakpoints={BREAKPOINTS} />);
    expect(chartGroup()).toHaveAccessibleDescription(
      'Effective rate from 1.00% at $250,000.00 to 0.7083% at $3,000,000.00; breakpoints at $500,000.00 and ' +
        '$2,000,000.00.',
    );
  });

  it('moves the active point with the keyboard and reads exact figures', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EffectiveRateChart curve={CURVE} breakpoints={BREAKPOINTS} />);
    const readout = screen.getByText(HINT);
    expect(readout).toHaveAttribute('aria-live', 'polite');

    await user.tab();
    expect(chartGroup()).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(readout).toHaveTextContent('At $250,000.00: $2,500.00 a year (1.00%)');
    expect(within(chartGroup()).getByTestId('active-point')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(readout).toHaveTextContent('At $1,000,000.00: $8,750.00 a year (0.875%)');

    await user.keyboard('{End}');
    expect(readout).toHaveTextContent('At $3,000,000.00: $21,250.00 a year (0.7083%)');
    await user.keyboard('{ArrowRight}'); // stays on the last point
    expect(readout).toHaveTextContent('At $3,000,000.00: $21,250.00 a year (0.7083%)');
    // The cent above a breakpoint is a point of its own, so stepping back shows both sides of it.
    await user.keyboard('{ArrowLeft}');
    expect(readout).toHaveTextContent('At $2,000,000.01: $16,250.00 a year (0.8125%)');
    await user.keyboard('{ArrowLeft}');
    expect(readout).toHaveTextContent('At $2,000,000.00: $16,250.00 a year (0.8125%)');

    await user.keyboard('{Home}');
    expect(readout).toHaveTextContent('At $250,000.00: $2,500.00 a year (1.00%)');
  });

  it('picks the point nearest the mouse and forgets it when the mouse leaves', () => {
    renderWithProviders(<EffectiveRateChart curve={CURVE} breakpoints={BREAKPOINTS} />);
    const svg = svgOf(chartGroup());
    const readout = screen.getByText(HINT);

    // jsdom lays nothing out: a 0 width is ignored rather than dividing by it.
    fireEvent.mouseMove(svg, { clientX: 300 });
    expect(readout).toHaveTextContent(HINT);

    // Drawn 1:1; the plot runs from x 50 to 614, so $1M of $3M sits at 238.
    svg.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 640, height: 240 });
    fireEvent.mouseMove(svg, { clientX: 245 });
    expect(readout).toHaveTextContent('At $1,000,000.00: $8,750.00 a year (0.875%)');

    fireEvent.mouseLeave(svg);
    expect(readout).toHaveTextContent(HINT);
    expect(within(chartGroup()).queryByTestId('active-point')).not.toBeInTheDocument();
  });

  it('says there is nothing to chart with fewer than two points beyond value 0', () => {
    renderWithProviders(<EffectiveRateChart curve={CURVE.slice(0, 2)} breakpoints={BREAKPOINTS} />);
    expect(screen.getByText('Nothing to chart yet.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Effective rate across values' })).not.toBeInTheDocument();
    expect(document.querySelector('svg[viewBox="0 0 640 240"]')).toBeNull();
  });
});
