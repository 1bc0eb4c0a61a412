/** Badges in table cells keep their full label: Mantine's would shrink to an ellipsis in a tight column. */
export const FULL_LABEL_BADGE_STYLES = {
  root: { minWidth: 'max-content', overflow: 'visible' },
  label: { overflow: 'visible' },
} as const;
