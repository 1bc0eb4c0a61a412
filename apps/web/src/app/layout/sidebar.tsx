import type { UserDetails } from '@centric/contracts';
import { Badge, Collapse } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
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

const badgeCount = (user: UserDetails, badge: NavBadge | undefined) => (badge ? user[badge] : 0);

const EntryLink = ({ entry, user, sub = false }: { entry: NavEntry; user: UserDetails; sub?: boolean }) => {
  const Icon = entry.icon;
  const count = badgeCount(user, entry.badge);
  return (
    <NavLink
      to={entry.path}
      className={sub ? `${classes.item} ${classes.subItem}` : classes.item}
      aria-label={count > 0 ? `${entry.label}, ${count} new` : undefined}
    >
      {!sub && (
        <span className={classes.itemIcon} aria-hidden="true">
          <Icon size={22} stroke={1.6} />
        </span>
      )}
      <span className={classes.itemLabel}>{entry.label}</span>
      {count > 0 && (
        <>
          <Badge className={classes.itemBadge} size="sm" color="red.9" variant="filled" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </Badge>
          <span className={classes.dot} aria-hidden="true" />
        </>
      )}
    </NavLink>
  );
};

const ParentItem = ({
  item,
  user,
}: {
  item: Extract<VisibleNavItem, { kind: 'parent' }>;
  user: UserDetails;
}) => {
  const location = useLocation();
  const containsActive = item.children.some((child) => location.pathname.startsWith(child.path));
  const [open, setOpen] = useState(containsActive);
  const Icon = item.parent.icon;
  const panelId = `nav-${item.parent.id}`;

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
        <IconChevronDown
          size={16}
          className={classes.chevron}
          data-open={open || undefined}
          aria-hidden="true"
        />
      </button>
      <Collapse expanded={open} id={panelId}>
        {item.children.map((child) => (
          <EntryLink key={child.path} entry={child} user={user} sub />
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
                <EntryLink key={item.entry.path} entry={item.entry} user={user} />
              ) : (
                <ParentItem key={item.parent.id} item={item} user={user} />
              ),
            )}
          </section>
        ))}
      </div>
    </nav>
  );
};
