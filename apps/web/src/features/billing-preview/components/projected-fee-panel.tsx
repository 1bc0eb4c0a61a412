import {
  BILLING_FREQUENCY_LABELS,
  BILLING_TIMING_LABELS,
  PROJECTION_SKIP_LABELS,
  type ProjectedFee,
} from '@centric/contracts';
import { Badge, Card, Divider, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney, formatMoneyBrief } from '../../../lib/money.ts';
import { useProjectedFee } from '../api/get-projected-fee.ts';

type Group = ProjectedFee['groups'][number];

/** '100 bps' for a percentage tier, '$2,500' a year for a fixed one. */
const rateText = (type: Group['schedule']['type'], rate: string) =>
  type === 'PERCENTAGE' ? `${rate} bps` : `${formatMoneyBrief(rate)} a year`;

const tierText = (line: Group['lines'][number]) =>
  `${formatMoneyBrief(line.minimum)} – ${formatMoneyBrief(line.maximum)}`;

const ScheduleGroup = ({ group }: { group: Group }) => (
  <Stack gap="sm">
    <Group justify="space-between" align="baseline" wrap="wrap">
      <Text fw={600}>{group.schedule.name}</Text>
      <Text size="sm" c="dimmed">
        {formatMoney(group.billableValue)} billable together · {formatMoney(group.annualAmount)} a year
      </Text>
    </Group>
    {group.lines.length > 0 && (
      <Table withTableBorder verticalSpacing={6} fz="sm" aria-label={`Tiers of ${group.schedule.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tier</Table.Th>
            <Table.Th ta="right">Value in tier</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Annual fee</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.lines.map((line) => (
            <Table.Tr key={`${line.minimum}-${line.maximum}`}>
              <Table.Td>{tierText(line)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.base)}</Table.Td>
              <Table.Td ta="right">{rateText(group.schedule.type, line.rate)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
    {group.periods.map((period) => (
      <Stack key={`${period.frequency}-${period.periodStart}-${period.timing}`} gap={6}>
        <Text size="sm" c="dimmed">
          {BILLING_FREQUENCY_LABELS[period.frequency]} in {BILLING_TIMING_LABELS[period.timing].toLowerCase()}
          , {formatDate(period.periodStart)} – {formatDate(period.periodEnd)}, valued on{' '}
          {formatDate(period.valuationDate)}: {formatMoney(period.annualShare)} of the annual fee
        </Text>
        <Table verticalSpacing={6} fz="sm" aria-label={`Accounts billed ${formatDate(period.periodEnd)}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th ta="right">Billable value</Table.Th>
              <Table.Th>Paid by</Table.Th>
              <Table.Th ta="right">Fee</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {period.accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>{account.registrationName}</Table.Td>
                <Table.Td ta="right">
                  {formatMoney(account.billableValue)}
                  {account.excluded !== '0.00' && (
                    <Text size="xs" c="dimmed">
                      after {formatMoney(account.excluded)} excluded
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {account.split && account.split.length > 0 ? (
                    <Stack gap={2}>
                      <Group gap={6} wrap="nowrap">
                        <Badge size="sm" variant="light" c="dark.7" color="grape">
                          Split
                        </Badge>
                        <Text size="sm">{account.split.length} paying accounts</Text>
                      </Group>
                      {account.split.map((payee) => (
                        <Text size="xs" c="dimmed" key={payee.id}>
                          {payee.registrationName}: {payee.payPercent}% · {formatMoney(payee.amount)}
                        </Text>
                      ))}
                    </Stack>
                  ) : (
                    <Group gap={6} wrap="nowrap">
                      <Badge
                        size="sm"
                        variant="light"
                        c="dark.7"
                        color={account.line === 'DIRECT' ? 'gray' : 'blue'}
                      >
                        {account.line === 'DIRECT' ? 'Direct' : 'Indirect'}
                      </Badge>
                      <Text size="sm">
                        {account.line === 'DIRECT' ? 'Itself' : account.paidBy.registrationName}
                      </Text>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(account.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    ))}
  </Stack>
);

const PanelSkeleton = () => (
  <Stack gap="sm" aria-label="Loading the projected fee">
    <Skeleton height={24} width="40%" />
    <Skeleton height={120} />
  </Stack>
);

/**
 * The unit's projected fee for its next bills (issue 14 §7), as the fee engine computes it from the unit's
 * billing inputs (the reader the bill runs use): each schedule's householded value line by line to the tier,
 * each account's fee and who pays it, and the accounts left out with why.
 */
export const ProjectedFeePanel = ({ clientId }: { clientId: string }) => {
  const query = useProjectedFee(clientId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="projected-fee-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <IconCalculator size={22} stroke={1.6} aria-hidden="true" />
            <Stack gap={2}>
              <Title order={2} size="h4" id="projected-fee-heading">
                Projected fee for the next bills
              </Title>
              <Text size="sm" c="dimmed">
                From the fee engine, on the latest values known today; the bill uses the values of its
                valuation date.
              </Text>
            </Stack>
          </Group>
          {query.data && (
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                Total
              </Text>
              <Text fw={700} size="xl">
                {formatMoney(query.data.amount)}
              </Text>
            </Stack>
          )}
        </Group>
        <QueryState
          query={query}
          loading={<PanelSkeleton />}
          errorTitle="The projected fee could not be computed"
        >
          {(fee) => (
            <Stack gap="md">
              {fee.groups.length === 0 && (
                <Text size="sm" c="dimmed">
                  No account of this unit is billed yet: give its accounts a fee schedule and a pay method.
                </Text>
              )}
              {fee.groups.map((group, index) => (
                <Stack key={group.schedule.id} gap="md">
                  {index > 0 && <Divider />}
                  <ScheduleGroup group={group} />
                </Stack>
              ))}
              {fee.skipped.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    Not in the projection
                  </Text>
                  <List size="sm" spacing={2}>
                    {fee.skipped.map((skip) => (
                      <List.Item key={skip.accountId}>
                        {skip.registrationName}: {PROJECTION_SKIP_LABELS[skip.reason]}
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
};
