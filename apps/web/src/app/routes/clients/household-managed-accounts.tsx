import type { ClientDetail } from '@centric/contracts';
import { Stack } from '@mantine/core';
import { ManagedAccountsTab } from '../../../features/managed-accounts/components/managed-accounts-tab.tsx';
import { NotesPanel } from '../../../features/notes/components/notes-panel.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { canRead } from '../../../lib/permissions.ts';

/**
 * The household's Managed Accounts tab: its accounts, values, strategy, drift and transactions, then its
 * managed-accounts notes (spec §3 Note type; the review's system notes are among them), which those who may
 * read notes see and those who may write them post from here with that type.
 */
export const HouseholdManagedAccounts = ({ detail }: { detail: ClientDetail }) => {
  const user = useCurrentUser();
  return (
    <Stack gap="xl">
      <ManagedAccountsTab detail={detail} />
      {canRead(user, 'notes') && (
        <NotesPanel detail={detail} noteType="MANAGED_ACCOUNTS" title="Managed accounts notes" />
      )}
    </Stack>
  );
};
