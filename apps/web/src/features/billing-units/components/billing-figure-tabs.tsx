import type { BillingSummary } from '@centric/contracts';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconAlertTriangle,
  IconChartPieOff,
  IconCircleCheck,
  IconHome2,
  IconReceiptOff,
} from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import {
  BILLING_UNITS_TABS,
  type BillingHouseholdStatus,
  type BillingUnitsTab,
} from '../hooks/use-billing-units-params.ts';
import classes from './billing-figure-tabs.module.css';
import { TAB_FIGURES, TAB_LABELS, figureCaption } from './billing-units-text.ts';

const TAB_LOOKS: Readonly<Record<BillingUnitsTab, { icon: Icon; color: string }>> = {
  totalAccounts: { icon: IconHome2, color: 'navy' },
  readyToBill: { icon: IconCircleCheck, color: 'teal' },
  requiresAttention: { icon: IconAlertTriangle, color: 'orange' },
  missingFeeSchedule: { icon: IconReceiptOff, color: 'red' },
  missingPayoutBlocks: { icon: IconChartPieOff, color: 'grape' },
};

/** The ids that tie each tab to the one panel below them (the list). */
export const figureTabIds = (baseId: string) => ({
  base: baseId,
  tab: (tab: BillingUnitsTab) => `${baseId}-tab-${tab}`,
  panel: `${baseId}-panel`,
});

const KEY_STEPS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

type BillingFigureTabsProps = {
  /** The list's header figures; undefined while the first answer is awaited (or when it failed). */
  summary: BillingSummary | undefined;
  /** The first answer is on its way: the figures show as skeletons. */
  loading: boolean;
  selected: BillingUnitsTab;
  householdStatus: BillingHouseholdStatus;
  baseId: string;
  onSelect: (tab: BillingUnitsTab) => void;
};

/**
 * The header figures of the Units list, each one a tab that filters the list below: a tablist with one tab
 * stop (arrows, Home and End move between the figures and choose them), the chosen one highlighted.
 */
export const BillingFigureTabs = ({
  summary,
  loading,
  selected,
  householdStatus,
  baseId,
  onSelect,
}: BillingFigureTabsProps) => {
  const ids = figureTabIds(baseId);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = BILLING_UNITS_TABS[step(BILLING_UNITS_TABS.indexOf(selected), BILLING_UNITS_TABS.length)];
    if (!next) return;
    onSelect(next);
    document.getElementById(ids.tab(next))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Units by billing readiness"
      className={classes.grid}
      onKeyDown={handleKeyDown}
    >
      {BILLING_UNITS_TABS.map((tab) => {
        const { icon: TabIcon, color } = TAB_LOOKS[tab];
        const active = tab === selected;
        return (
          <UnstyledButton
            key={tab}
            role="tab"
            id={ids.tab(tab)}
            aria-selected={active}
            aria-controls={ids.panel}
            tabIndex={active ? 0 : -1}
            data-active={active || undefined}
            className={classes.tile}
            style={{
              '--figure-color': `var(--mantine-color-${color}-6)`,
              '--figure-tint': `var(--mantine-color-${color}-0)`,
              '--figure-icon-bg': `var(--mantine-color-${color}-light)`,
              '--figure-icon-color': `var(--mantine-color-${color}-light-color)`,
            }}
            onClick={() => onSelect(tab)}
          >
            <span className={classes.head}>
              <span className={classes.label}>{TAB_LABELS[tab]}</span>
              <span className={classes.icon} aria-hidden="true">
                <TabIcon size={18} stroke={1.8} />
              </span>
            </span>
            {summary ? (
              <>
                <span className={classes.value}>{summary[TAB_FIGURES[tab]].toLocaleString('en-US')}</span>
                <span className={classes.caption}>{figureCaption(tab, summary, householdStatus)}</span>
              </>
            ) : loading ? (
              <>
                <span className={classes.placeholder} data-size="value" />
                <span className={classes.placeholder} data-size="caption" />
                <VisuallyHidden>Loading</VisuallyHidden>
              </>
            ) : (
              <span className={classes.value}>
                <span aria-hidden="true">—</span>
                <VisuallyHidden>Not known</VisuallyHidden>
              </span>
            )}
          </UnstyledButton>
        );
      })}
    </div>
  );
};
