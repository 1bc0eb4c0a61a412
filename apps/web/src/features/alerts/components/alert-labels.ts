import {
  ALERT_CATEGORY_COLORS,
  ALERT_CATEGORY_LABELS,
  type AlertTab,
  type AlertView,
} from '@centric/contracts';
import { z } from 'zod';

export const VIEW_LABELS: Record<AlertView, string> = {
  active: 'Active',
  snoozed: 'Snoozed',
  dismissed: 'Dismissed',
};

/** The empty state of each view. */
export const EMPTY_VIEW: Record<AlertView, { title: string; description: string }> = {
  active: { title: 'No active alerts', description: 'Nothing needs your attention right now.' },
  snoozed: { title: 'No snoozed alerts', description: 'Alerts you snooze wait here until their date.' },
  dismissed: { title: 'No dismissed alerts', description: 'Alerts you dismiss are kept here.' },
};

export const tabLabel = (tab: AlertTab): string => (tab === 'ALL' ? 'All' : ALERT_CATEGORY_LABELS[tab]);
export const tabColor = (tab: AlertTab): string => (tab === 'ALL' ? 'gray' : ALERT_CATEGORY_COLORS[tab]);

const missingItemsSchema = z.object({
  items: z.array(z.object({ label: z.string(), memberName: z.string().nullable() })).min(1),
});

export type MissingGroup = { who: string; items: string[] };

/**
 * A missing-information alert's details, grouped by whom they are missing for: the household first, then
 * each member ("Anya": Date of birth, SSN). The labels carry the member's name in brackets, which the group
 * already says, so it is left off. Null when the details are not a list of missing items.
 */
export const missingGroupsOf = (details: unknown): MissingGroup[] | null => {
  const parsed = missingItemsSchema.safeParse(details);
  if (!parsed.success) return null;
  const groups: MissingGroup[] = [];
  for (const { label, memberName } of parsed.data.items) {
    const who = memberName ?? 'Household';
    const item = label.replace(/\s*\([^)]*\)$/, '');
    const group = groups.find((g) => g.who === who);
    if (group) group.items.push(item);
    else groups.push({ who, items: [item] });
  }
  return groups;
};
