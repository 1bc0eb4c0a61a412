/**
 * The colours of a chart's series (an allocation's asset classes, a strategy's targets), in order, then
 * again; and a theme colour ('teal.6') as CSS, for a legend's swatch beside a Mantine chart.
 */
export const SERIES_COLORS = [
  'brand.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'yellow.6',
  'pink.6',
  'lime.7',
  'indigo.4',
] as const;

/** The colour of the `index`th series. */
export const seriesColor = (index: number): string => SERIES_COLORS[index % SERIES_COLORS.length] ?? 'gray.5';

/** 'teal.6' → 'var(--mantine-color-teal-6)'. */
export const cssColorOf = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
