import {
  type Action,
  FEATURE_GROUP_LABELS,
  FEATURE_LABELS,
  PERMISSION_ACTION_LABELS,
  type RolePermissionRow,
} from '@centric/contracts';
import { Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Fragment } from 'react';
import {
  GRID_ACTIONS,
  type LockedCell,
  type Matrix,
  columnState,
  groupedRows,
  rowState,
  setCell,
  setColumn,
  setRow,
} from './permission-grid-state.ts';

export const LOCKED_CELL_EXPLANATION =
  'The administrator role always keeps read and write on Users and Roles, so that someone can still manage access.';

type PermissionGridProps = {
  value: Matrix;
  onChange: (next: Matrix) => void;
  locked: LockedCell;
  readOnly?: boolean;
};

/**
 * One grid: rows are features grouped by module (as the sidebar groups them), columns read, write, delete,
 * with select-all per row and per column. Locked cells are disabled and say why.
 */
export const PermissionGrid = ({ value, onChange, locked, readOnly = false }: PermissionGridProps) => {
  const cell = (row: RolePermissionRow, action: Action) => {
    const label = `${PERMISSION_ACTION_LABELS[action]} ${FEATURE_LABELS[row.feature]}`;
    const isLocked = locked(row.feature, action);
    const box = (
      <Checkbox
        aria-label={label}
        checked={row[action]}
        disabled={readOnly || isLocked}
        onChange={(event) =>
          onChange(setCell(value, row.feature, action, event.currentTarget.checked, locked))
        }
      />
    );
    if (!isLocked) return box;
    return (
      <Tooltip label={LOCKED_CELL_EXPLANATION} multiline w={260} withArrow>
        <span data-locked="true" style={{ position: 'relative', display: 'inline-flex' }}>
          {box}
          <IconLock
            size={12}
            aria-hidden="true"
            color="var(--mantine-color-dimmed)"
            style={{ position: 'absolute', left: 'calc(100% + 3px)', top: 4 }}
          />
        </span>
      </Tooltip>
    );
  };

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} striped={false} withRowBorders aria-label="Permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Feature</Table.Th>
            {GRID_ACTIONS.map((action) => {
              const state = columnState(value, action);
              return (
                <Table.Th key={action} ta="center" w={110}>
                  <Group gap={6} justify="center" wrap="nowrap">
                    <Checkbox
                      aria-label={`All ${PERMISSION_ACTION_LABELS[action]}`}
                      checked={state === 'all'}
                      indeterminate={state === 'some'}
                      disabled={readOnly}
                      onChange={() => onChange(setColumn(value, action, state !== 'all', locked))}
                    />
                    <Text size="sm" fw={600}>
                      {PERMISSION_ACTION_LABELS[action]}
                    </Text>
                  </Group>
                </Table.Th>
              );
            })}
            <Table.Th ta="center" w={90}>
              All
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groupedRows(value).map(({ group, rows }) => (
            <Fragment key={group}>
              <Table.Tr bg="var(--mantine-color-gray-0)">
                <Table.Th colSpan={5} scope="colgroup">
                  <Text size="xs" fw={700} tt="uppercase" c="navy.7" lts={0.4}>
                    {FEATURE_GROUP_LABELS[group]}
                  </Text>
                </Table.Th>
              </Table.Tr>
              {rows.map((row) => {
                const state = rowState(row);
                return (
                  <Table.Tr key={row.feature}>
                    <Table.Td>
                      <Text size="sm" pl="sm">
                        {FEATURE_LABELS[row.feature]}
                      </Text>
                    </Table.Td>
                    {GRID_ACTIONS.map((action) => (
                      <Table.Td key={action}>
                        <Group justify="center">{cell(row, action)}</Group>
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group justify="center">
                        <Checkbox
                          aria-label={`All rights on ${FEATURE_LABELS[row.feature]}`}
                          checked={state === 'all'}
                          indeterminate={state === 'some'}
                          disabled={readOnly}
                          onChange={() => onChange(setRow(value, row.feature, state !== 'all', locked))}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
