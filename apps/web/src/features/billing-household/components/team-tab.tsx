import { ADVISOR_ROLE_LABELS, ADVISOR_ROLES, type ClientDetail } from '@centric/contracts';
import { Avatar, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { useHouseholdPeople } from '../api/get-household-people.ts';
import type { BillingUnitTabProps } from './tab-props.ts';

type Team = ClientDetail['team'];

/** Every advisor role in the household page's order, with who holds it (null: nobody). */
const rolesOf = (team: Team) =>
  ADVISOR_ROLES.map((role) => {
    const entry = team.find((member) => member.role === role);
    return { role, title: entry?.title ?? ADVISOR_ROLE_LABELS[role], user: entry?.user ?? null };
  });

const TeamList = ({ clientId, team }: { clientId: string; team: Team }) => {
  if (team.length === 0)
    return (
      <EmptyState
        variant="light"
        py="xl"
        icon={<IconUsersGroup size={28} aria-hidden="true" />}
        title="No advisors assigned"
        description="The household's team (wealth advisors, business developer, solicitor, financial planner) is set on the household page."
      >
        <EmptyState.Actions>
          <Button component={Link} to={paths.clientDetail.href(clientId)} variant="light">
            Open household
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" m={0} p={0} aria-label="Team">
      {rolesOf(team).map(({ role, title, user }) => (
        <Card component="li" key={role} withBorder radius="md" padding="md" style={{ listStyle: 'none' }}>
          <Group gap="sm" wrap="nowrap">
            {user ? (
              <AuthenticatedAvatar
                imagePath={user.profileImageUrl}
                name={user.fullName}
                size={42}
                radius="xl"
              />
            ) : (
              <Avatar size={42} radius="xl" variant="outline" color="gray" aria-hidden="true">
                <IconUser size={20} />
              </Avatar>
            )}
            <Stack gap={0} miw={0}>
              <Text size="xs" c="dimmed">
                {title}
              </Text>
              <Text size="sm" fw={user ? 600 : 400} c={user ? undefined : 'dimmed'} truncate="end">
                {user ? user.fullName : 'Not assigned'}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
};

/** Tab 1, Team: the household's advisors by role (read from the household, changed on its page). */
export const TeamTab = ({ unit }: BillingUnitTabProps) => {
  const { clientId } = unit.billing;
  const people = useHouseholdPeople(clientId, true);
  return (
    <QueryState
      query={people}
      loading={<ListSkeleton label="Loading team..." rows={3} />}
      errorTitle="The team could not be loaded"
    >
      {(household) => <TeamList clientId={clientId} team={household.team} />}
    </QueryState>
  );
};
