import type { OtherProfessionalItem } from '@centric/contracts';
import { Anchor, Button, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** How many households a row shows before "+N more". */
export const HOUSEHOLDS_SHOWN = 3;

type Household = OtherProfessionalItem['households'][number];

const HouseholdName = ({ household, asLink }: { household: Household; asLink: boolean }) =>
  asLink ? (
    <Anchor component={Link} to={paths.clientDetail.href(household.clientId)} size="sm">
      {household.name}
    </Anchor>
  ) : (
    <Text size="sm">{household.name}</Text>
  );

type HouseholdLinksProps = {
  households: readonly Household[];
  /** Whose households these are, for the popover's accessible name. */
  professionalName: string;
  /** Links to the households' pages (clients read), plain names otherwise. */
  asLinks: boolean;
};

/**
 * The first three households of a professional, then a "+N more" button whose popover lists all of them
 * (scrolling when long), so a professional with many households keeps a compact row.
 */
export const HouseholdLinks = ({ households, professionalName, asLinks }: HouseholdLinksProps) => {
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const shown = households.slice(0, HOUSEHOLDS_SHOWN);
  const more = households.length - shown.length;
  return (
    <Stack gap={2} align="flex-start">
      {shown.map((h) => (
        <HouseholdName key={h.clientId} household={h} asLink={asLinks} />
      ))}
      {more > 0 && (
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-start"
          withinPortal
          trapFocus
          returnFocus
          shadow="md"
          width={280}
        >
          <Popover.Target>
            <Button
              variant="subtle"
              size="compact-sm"
              px={4}
              ml={-4}
              onClick={() => setOpened((o) => !o)}
              aria-label={`+${more} more households of ${professionalName}`}
            >
              +{more} more
            </Button>
          </Popover.Target>
          <Popover.Dropdown aria-labelledby={headingId} p="sm">
            <Text id={headingId} size="sm" fw={600} mb={6}>
              Households of {professionalName} ({households.length})
            </Text>
            <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {households.map((h) => (
                  <li key={h.clientId}>
                    <HouseholdName household={h} asLink={asLinks} />
                  </li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Popover.Dropdown>
        </Popover>
      )}
    </Stack>
  );
};
