import { PARTNERSHIP_CRITERIA_LABELS, type Partnership } from '@centric/contracts';
import { Badge, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { PercentBar } from '../../../components/percent-bar.tsx';
import { formatMoneyBrief } from '../../../lib/money.ts';

/** The firm's criteria, then each wealth advisor's progress towards partnership. */
export const PartnershipTable = ({ partnership }: { partnership: Partnership }) => {
  const { criteria, advisors } = partnership;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {(
          [
            ['households', criteria.households.toLocaleString('en-US')],
            ['aum', formatMoneyBrief(criteria.aum)],
            ['conversions', criteria.conversions.toLocaleString('en-US')],
          ] as const
        ).map(([key, value]) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {PARTNERSHIP_CRITERIA_LABELS[key]}
            </Text>
            <Text fw={700} size="xl">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {advisors.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconRoute size={28} aria-hidden="true" color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" ta="center">
              The pathway to partnership is measured for active wealth advisors; there is none to show.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={820} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Pathway to partnership">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Advisor</Table.Th>
                  <Table.Th scope="col">Households</Table.Th>
                  <Table.Th scope="col">AUM</Table.Th>
                  <Table.Th scope="col">Converted (12 months)</Table.Th>
                  <Table.Th scope="col">Overall</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {advisors.map((a) => (
                  <Table.Tr key={a.userId}>
                    <Table.Th scope="row">
                      <Text size="sm" fw={600}>
                        {a.fullName}
                      </Text>
                      <Badge
                        size="sm"
                        variant="light"
                        color={a.criteriaMet === 3 ? 'teal' : 'gray'}
                        c="dark.7"
                        mt={4}
                      >
                        {a.criteriaMet === 3 ? 'Ready for partnership' : `${a.criteriaMet} of 3 criteria met`}
                      </Badge>
                    </Table.Th>
                    <Table.Td>
                      <Text size="sm">{a.households.toLocaleString('en-US')}</Text>
                      <PercentBar value={a.progress.households} label={`Households of ${a.fullName}`} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {formatMoneyBrief(a.aum)}
                      </Text>
                      <PercentBar value={a.progress.aum} label={`AUM of ${a.fullName}`} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{a.conversions.toLocaleString('en-US')}</Text>
                      <PercentBar value={a.progress.conversions} label={`Conversions of ${a.fullName}`} />
                    </Table.Td>
                    <Table.Td>
                      <PercentBar value={a.overall} label={`Overall progress of ${a.fullName}`} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
};
