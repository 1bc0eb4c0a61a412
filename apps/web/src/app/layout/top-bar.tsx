import type { UserDetails } from '@centric/contracts';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { GlobalSearch } from '../../features/global-search/components/global-search.tsx';
import { canRead } from '../../lib/permissions.ts';
import classes from './shell.module.css';
import { UserMenu } from './user-menu.tsx';
import { paths } from '../../lib/paths.ts';

type TopBarProps = { user: UserDetails };

/** Logo (to the dashboard), the global search with its dropdown, the notification bell and the user menu (spec §2 Top bar). */
export const TopBar = ({ user }: TopBarProps) => (
  <header className={classes.header}>
    <Link to={paths.dashboard.href()} className={classes.brand} aria-label="Centric, go to the dashboard">
      <Logo height={30} />
    </Link>
    <div className={classes.search} role="search">
      <GlobalSearch canSearchClients={canRead(user, 'clients')} />
    </div>
    <div className={classes.headerEnd}>
      <NotificationBell userId={user.id} />
      <UserMenu user={user} />
    </div>
  </header>
);
