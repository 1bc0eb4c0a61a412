import {
  type CSSVariablesResolver,
  type ExtendComponent,
  type MantineColorsTuple,
  type ModalFactory,
  type NotificationFactory,
  type TooltipFactory,
  createTheme,
} from '@mantine/core';

/**
 * Brand teal. Shade 6 is already 5.5:1 on white and the primary shade (7) is 7.6:1, so filled buttons,
 * links and light variants pass WCAG AA (the default Mantine blue does not: 4.19:1 and 3.55:1).
 */
const brand: MantineColorsTuple = [
  '#effcf9',
  '#d5f5ee',
  '#aeeadf',
  '#7ad9cb',
  '#46c0b1',
  '#20a395',
  '#0f766e',
  '#115e59',
  '#134e4a',
  '#0b3b38',
];

/** Navy for the sidebar and headings. */
const navy: MantineColorsTuple = [
  '#eef2f8',
  '#d9e0ec',
  '#b1bfd7',
  '#869bc1',
  '#5f79a6',
  '#44608f',
  '#324b76',
  '#243a5e',
  '#182b48',
  '#0f1d33',
];

export const theme = createTheme({
  // People who ask their system for less motion get modals and toasts without animation.
  respectReducedMotion: true,
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, navy },
  black: '#16202e',
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: '650',
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  // `Modal.extend(x)` only returns x, typed: importing Modal and Tooltip to call it would put them (with
  // ScrollArea and floating-ui) into the sign-in screen's bundle. `satisfies ExtendComponent` types x the same.
  components: {
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // The default description grey under a title is 3.3:1 on white.
      styles: { description: { color: 'var(--mantine-color-dimmed)' }, title: { fontWeight: 600 } },
    } satisfies ExtendComponent<NotificationFactory>,
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    } satisfies ExtendComponent<ModalFactory>,
    Tooltip: {
      defaultProps: {
        withArrow: true,
        multiline: true,
        maw: 320,
        events: { hover: true, focus: true, touch: true },
      },
    } satisfies ExtendComponent<TooltipFactory>,
  },
});

/** Darker dimmed, error and placeholder colours than the defaults, which fail axe's contrast check. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6370',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': '#737b87',
    '--mantine-color-disabled-color': '#6b7380',
  },
  dark: {},
});
