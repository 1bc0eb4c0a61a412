import type { UserDetails } from '@centric/contracts';
import { Badge, Collapse } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useBillingAttentionCount } from '../../features/billing-units/api/get-billing-attention.ts';
import { canRead } from '../../lib/permissions.ts';
import {
  NAV_ENTRIES,
  type NavBadge,
  type NavEntry,
  type VisibleNavItem,
  visibleNavigation,
} from '../navigation.ts';
import classes from './shell.module.css';

/** Spec §9: the sidebar collapses 300 ms after the pointer leaves. */
export const SIDEBAR_COLLAPSE_DELAY_MS = 300;

type SidebarProps = {
  user: UserDetails;
  entries?: readonly NavEntry[];
};

/** The count of each badge kind the sidebar shows. */
type BadgeCounts = Readonly<Record<NavBadge, number>>;

/** What a badge's count says after the entry's name: "Alerts, 7 new", "Units, 3 require attention". */
const BADGE_PHRASES: Readonly<Record<NavBadge, (count: number) => string>> = {
  alertCount: () => 'new',
  openWorkflowReqcount: () => 'new',
  billingAttention: (count) => (count === 1 ? 'requires attention' : 'require attention'),
};

/**
 * The badges' counts: Alerts and Open Requests from the user details, the Units that require attention from
 * the billing list (only for a user who may read billingUnits, and only when the sidebar links Units).
 */
const useBadgeCounts = (user: UserDetails, entries: readonly NavEntry[]): BadgeCounts => {
  const showsAttention =
    canRead(user, 'billingUnits') && entries.some((entry) => entry.badge === 'billingAttention');
  const billingAttention = useBillingAttentionCount(showsAttention);
  return {
    alertCount: user.alertCount,
    openWorkflowReqcount: user.openWorkflowReqcount,
    billingAttention: showsAttention ? billingAttention : 0,
  };
};

const badgeCount = (counts: BadgeCounts, badge: NavBadge | undefined) => (badge ? counts[badge] : 0);

/** The count beside an entry's name (the entry's label says it to screen readers). */
const CountBadge = ({ count }: { count: number }) => (
  <Badge className={classes.itemBadge} size="sm" color="red.9" variant="filled" aria-hidden="true">
    {count > 99 ? '99+' : count}
  </Badge>
);

const EntryLink = ({
  entry,
  counts,
  sub = false,
}: {
  entry: NavEntry;
  counts: BadgeCounts;
  sub?: boolean;
}) => {
  const Icon = entry.icon;
  const count = badgeCount(counts, entry.badge);
  return (
    <NavLink
      to={entry.path}
      className={sub ? `${classes.item} ${classes.subItem}` : classes.item}
      aria-label={
        count > 0 && entry.badge ? `${entry.label}, ${count} ${BADGE_PHRASES[entry.badge](count)}` : undefined
      }
    >
      {!sub && (
        <span className={classes.itemIcon} aria-hidden="true">
          <Icon size={22} stroke={1.6} />
        </span>
      )}
      <span className={classes.itemLabel}>{entry.label}</span>
      {count > 0 && (
        <>
          <CountBadge count={count} />
          <span className={classes.dot} aria-hidden="true" />
        </>
      )}
    </NavLink>
  );
};

const ParentItem = ({
  item,
  counts,
}: {
  item: Extract<VisibleNavItem, { kind: 'parent' }>;
  counts: BadgeCounts;
}) => {
  const location = useLocation();
  const containsActive = item.children.some((child) => location.pathname.startsWith(child.path));
  const [open, setOpen] = useState(containsActive);
  const Icon = item.parent.icon;
  const panelId = `nav-${item.parent.id}`;
  // What the sub-items count, shown on the parent while they are hidden: a dot on its icon while the sidebar
  // is collapsed, the count beside its name while it is closed (the sub-item's link says it in words).
  const childCount = item.children.reduce((sum, child) => sum + badgeCount(counts, child.badge), 0);

  useEffect(() => {
    if (containsActive) setOpen(true);
  }, [containsActive]);

  return (
    <>
      <button
        type="button"
        className={classes.item}
        data-active={containsActive || undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={classes.itemIcon} aria-hidden="true">
          <Icon size={22} stroke={1.6} />
        </span>
        <span className={classes.itemLabel}>{item.parent.label}</span>
        {childCount > 0 && !open && <CountBadge count={childCount} />}
        <IconChevronDown
          size={16}
          className={classes.chevron}
          data-open={open || undefined}
          aria-hidden="true"
        />
        {childCount > 0 && <span className={classes.dot} aria-hidden="true" />}
      </button>
      <Collapse expanded={open} id={panelId}>
        {item.children.map((child) => (
          <EntryLink key={child.path} entry={child} counts={counts} sub />
        ))}
      </Collapse>
    </>
  );
};

/**
 * Dark navy sidebar from the navigation registry. Icons only when collapsed; expands on hover or keyboard
 * focus and collapses 300 ms after the pointer (or focus) leaves.
 */
export const Sidebar = ({ user, entries = NAV_ENTRIES }: SidebarProps) => {
  const groups = visibleNavigation(user, entries);
  const counts = useBadgeCounts(user, entries);
  const [expanded, setExpanded] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const expand = () => {
    window.clearTimeout(timer.current);
    setExpanded(true);
  };
  const collapseLater = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setExpanded(false), SIDEBAR_COLLAPSE_DELAY_MS);
  };

  return (
    <nav
      aria-label="Main navigation"
      className={classes.sidebar}
      data-expanded={expanded || undefined}
      onMouseEnter={expand}
      onMouseLeave={collapseLater}
      onFocus={expand}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) collapseLater();
      }}
    >
      <div className={classes.sidebarScroll}>
        {groups.map(({ group, items }) => (
          <section key={group.id} className={classes.group} aria-labelledby={`nav-group-${group.id}`}>
            <div className={classes.groupLabel}>
              <h2
                id={`nav-group-${group.id}`}
                className={classes.groupLabelText}
                style={{ font: 'inherit', margin: 0 }}
              >
                {group.label}
              </h2>
            </div>
            {items.map((item) =>
              item.kind === 'link' ? (
                <EntryLink key={item.entry.path} entry={item.entry} counts={counts} />
              ) : (
                <ParentItem key={item.parent.id} item={item} counts={counts} />
              ),
            )}
          </section>
        ))}
      </div>
    </nav>
  );
};
