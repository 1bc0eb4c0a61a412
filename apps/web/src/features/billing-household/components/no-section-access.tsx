import { AUTH_MESSAGES } from '@centric/contracts';
import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** A tab the user may not read (spec §6): its place says so instead of its content. */
export const NoSectionAccess = () => (
  <EmptyState
    variant="light"
    color="gray"
    py="xl"
    icon={<IconLock size={28} aria-hidden="true" />}
    title={AUTH_MESSAGES.noSectionPermission}
  />
);
