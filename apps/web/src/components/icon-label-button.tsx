import { Box, Button, type ButtonProps, type MantineBreakpoint, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ComponentType } from 'react';

/** Mantine's default breakpoints, for the media query that tells whether the label shows. */
const BREAKPOINT_EMS: Readonly<Record<MantineBreakpoint, number>> = {
  xs: 36,
  sm: 48,
  md: 62,
  lg: 75,
  xl: 88,
};

type IconLabelButtonProps = Pick<ButtonProps, 'variant' | 'color' | 'loading' | 'disabled'> & {
  /** The button's name, always its accessible name: 'Export CSV'. */
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
  /** The label shows from this breakpoint on; under it the button is its icon, with the label as tooltip. */
  labelFrom: MantineBreakpoint;
  onClick: () => void;
};

/** A toolbar button that shrinks to its icon on narrow windows, so a list's toolbar keeps to two rows. */
export const IconLabelButton = ({ label, icon: Icon, labelFrom, ...props }: IconLabelButtonProps) => {
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_EMS[labelFrom]}em)`);
  return (
    <Tooltip label={label} withArrow disabled={wide}>
      <Button px={{ base: 'xs', [labelFrom]: 'md' }} aria-label={label} {...props}>
        <Icon size={18} aria-hidden="true" />
        <Box component="span" visibleFrom={labelFrom} ml={8}>
          {label}
        </Box>
      </Button>
    </Tooltip>
  );
};
