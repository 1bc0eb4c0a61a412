import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

type RowNameButtonProps = {
  children: ReactNode;
  /** The whole name (the text is cut to `maxWidth`) or what opening does. */
  title: string;
  /** A CSS width: the name is cut with an ellipsis past it. */
  maxWidth: number | string;
  onClick: () => void;
  /** The accessible name when the text alone repeats from row to row (it starts with the text). */
  label?: string;
};

/** A list row's name that opens the row (its report, its form, its prices): a bold link-coloured button. */
export const RowNameButton = ({ children, title, maxWidth, onClick, label }: RowNameButtonProps) => (
  <Anchor
    component="button"
    type="button"
    size="sm"
    fw={600}
    ta="left"
    maw={maxWidth}
    truncate="end"
    title={title}
    onClick={onClick}
    {...(label ? { 'aria-label': label } : {})}
    style={{ display: 'block' }}
  >
    {children}
  </Anchor>
);
