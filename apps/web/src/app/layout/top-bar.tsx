import type { UserDetails } from '@centric/contracts';
import { TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import classes from './shell.module.css';
import { UserMenu } from './user-menu.tsx';

type TopBarProps = { user: UserDetails };

/** The search tooltip until global search exists (it needs client, unit and account records to search). */
export const SEARCH_PENDING_TOOLTIP = 'Search arrives with client records';

export const TopBar = ({ user }: TopBarProps) => (
  <header className={classes.header}>
    <Link to="/dashboard" className={classes.brand} aria-label="Centric, go to the dashboard">
      <Logo height={30} />
    </Link>
    <Tooltip label={SEARCH_PENDING_TOOLTIP} position="bottom-start">
      <div className={classes.search}>
        <TextInput
          aria-label="Global search"
          placeholder="Search clients, units, accounts"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          disabled
          radius="xl"
          styles={{ input: { cursor: 'not-allowed' } }}
        />
      </div>
    </Tooltip>
    <div className={classes.headerEnd}>
      <UserMenu user={user} />
    </div>
  </header>
);
