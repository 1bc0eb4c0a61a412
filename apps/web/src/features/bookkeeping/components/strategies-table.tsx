import { STRATEGY_DISPLAY_LABELS, STRATEGY_GROUPING_LABELS, type Strategy } from '@centric/contracts';
import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { cssColorOf, seriesColor } from '../../../lib/chart-colors.ts';
import { plainPercent } from './target-chart.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';

export type StrategySortKey = 'name' | 'riskNumber' | 'createdAt';
export type StrategyRights = { canWrite: boolean; canDelete: boolean };

/** The targets as a thin stacked bar (a drawing) and the first ones in words. */
const TargetsSummary = ({ strategy }: { strategy: Strategy }) => {
  const shown = strategy.targets.slice(0, 3);
  const more = strategy.targets.length - shown.length;
  const words = strategy.targets.map((target) => `${target.label} ${plainPercent(target.target)}`).join(', ');
  return (
    <Stack gap={4} maw={340} miw={170}>
      <div
        aria-hidden="true"
        style={{
          display: 'flex',
          height: 6,
          borderRadius: 3,
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-2)',
        }}
      >
        {strategy.targets.map((target, index) => (
          <span
            key={target.id}
            style={{ width: `${Number(target.target)}%`, background: cssColorOf(seriesColor(index)) }}
          />
        ))}
      </div>
      <Text size="xs" c="dimmed" lineClamp={2} title={words}>
        {shown.map((target) => `${target.label} ${plainPercent(target.target)}`).join(', ')}
        {more > 0 ? `, and ${more} more` : ''}
      </Text>
    </Stack>
  );
};

type StrategiesTableProps = {
  items: readonly Strategy[];
  sort: SortState<StrategySortKey>;
  onSort: (column: StrategySortKey) => void;
  rights: StrategyRights;
  onEdit: (item: Strategy) => void;
  onDelete: (item: Strategy) => void;
};

/** The strategies of a page: the name opens the form (or, read only, says what it holds). */
export const StrategiesTable = ({ items, sort, onSort, rights, onEdit, onDelete }: StrategiesTableProps) => (
  <Table.ScrollContainer minWidth={720}>
    <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Strategies">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="name" sort={sort} onSort={onSort}>
            Name
          </SortableTh>
          <Table.Th>Type</Table.Th>
          <SortableTh column="riskNumber" sort={sort} onSort={onSort}>
            Risk
          </SortableTh>
          <Table.Th visibleFrom="lg">Grouping</Table.Th>
          <Table.Th visibleFrom="lg">Display</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Accounts</Table.Th>
          <Table.Th>Targets</Table.Th>
          <RowActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                {rights.canWrite ? (
                  <RowNameButton title={item.name} maxWidth={220} onClick={() => onEdit(item)}>
                    {item.name}
                  </RowNameButton>
                ) : (
                  <Text size="sm" fw={600} maw={220} truncate="end" title={item.name}>
                    {item.name}
                  </Text>
                )}
                {item.viewableByClient && (
                  <Tooltip label="Viewable by client">
                    <IconEye
                      size={16}
                      color="var(--mantine-color-dimmed)"
                      aria-label="Viewable by client"
                      role="img"
                    />
                  </Tooltip>
                )}
              </Group>
              {item.description && (
                <Text size="xs" c="dimmed" maw={240} truncate="end" title={item.description}>
                  {item.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{item.strategyType.name}</Text>
              <Text size="xs" c="dimmed" hiddenFrom="lg">
                By {STRATEGY_GROUPING_LABELS[item.grouping].toLowerCase().replace('cusip', 'CUSIP')}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray" c="dark.7" size="sm">
                {item.riskNumber}
              </Badge>
            </Table.Td>
            <Table.Td visibleFrom="lg" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{STRATEGY_GROUPING_LABELS[item.grouping]}</Text>
            </Table.Td>
            <Table.Td visibleFrom="lg" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{STRATEGY_DISPLAY_LABELS[item.display]}</Text>
            </Table.Td>
            <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              <Text size="sm">{item.accountCount.toLocaleString('en-US')}</Text>
            </Table.Td>
            <Table.Td>
              <TargetsSummary strategy={item} />
            </Table.Td>
            <RowActionsCell
              name={item.name}
              actions={[
                editAction(() => onEdit(item), rights.canWrite),
                deleteAction(() => onDelete(item), rights.canDelete),
              ]}
            />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
