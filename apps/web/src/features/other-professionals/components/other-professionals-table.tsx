import { type OtherProfessionalItem, formatPhone } from '@centric/contracts';
import { Anchor, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import type { OtherProfessionalSortKey } from '../api/list-other-professionals.ts';
import { HouseholdLinks } from './household-links.tsx';

type Sort = SortState<OtherProfessionalSortKey>;

/**
 * Width of the contact column (180–220 px with the window); longer emails end in an ellipsis, the title
 * shows the full value.
 */
const CONTACT_WIDTH = 'clamp(180px, 16vw, 220px)';

/**
 * Names, types and household names stay on one line (a very long one ends in an ellipsis, its title shows
 * it whole). At 1024 px the table shows who they are, how to reach them and their households, beside the
 * sidebar without scrolling sideways; the address joins from 1200 px (Mantine's lg), the note from 1408 px
 * (xl).
 */
const NAME_MAX_WIDTH = 220;
const TYPE_MAX_WIDTH = 160;
const ADDRESS_FROM = 'lg';
const NOTE_FROM = 'xl';
const NOTE_MAX_WIDTH = 220;
const TABLE_MIN_WIDTH = 760;

const None = () => (
  <Text size="sm" c="dimmed">
    <span aria-hidden="true">—</span>
    <VisuallyHidden>None</VisuallyHidden>
  </Text>
);

export type ProfessionalRights = { canWrite: boolean; canDelete: boolean; canOpenHouseholds: boolean };

type OtherProfessionalsTableProps = {
  items: readonly OtherProfessionalItem[];
  sort: Sort;
  onSort: (column: OtherProfessionalSortKey) => void;
  rights: ProfessionalRights;
  onEdit: (item: OtherProfessionalItem) => void;
  onDelete: (item: OtherProfessionalItem) => void;
};

export const OtherProfessionalsTable = ({
  items,
  sort,
  onSort,
  rights,
  onEdit,
  onDelete,
}: OtherProfessionalsTableProps) => {
  const withActions = rights.canWrite || rights.canDelete;
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Other professionals">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="fullName" sort={sort} onSort={onSort}>
              Full name
            </SortableTh>
            <SortableTh column="type" sort={sort} onSort={onSort}>
              Type
            </SortableTh>
            <Table.Th>Contact</Table.Th>
            <SortableTh column="city" sort={sort} onSort={onSort} visibleFrom={ADDRESS_FROM}>
              Address
            </SortableTh>
            <Table.Th>Households</Table.Th>
            <Table.Th visibleFrom={NOTE_FROM}>Note</Table.Th>
            {withActions && <RowActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const place = [item.city, [item.state, item.zip].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ');
            return (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm" fw={600} maw={NAME_MAX_WIDTH} truncate="end" title={item.fullName}>
                    {item.fullName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" maw={TYPE_MAX_WIDTH} truncate="end" title={item.type}>
                    {item.type}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {item.email || item.phoneNumber ? (
                    <Stack gap={0} w={CONTACT_WIDTH}>
                      {item.email && (
                        <Anchor href={`mailto:${item.email}`} size="sm" truncate="end" title={item.email}>
                          {item.email}
                        </Anchor>
                      )}
                      {item.phoneNumber && (
                        <Text size="sm" c="dimmed" truncate="end" title={formatPhone(item.phoneNumber)}>
                          {formatPhone(item.phoneNumber)}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <None />
                  )}
                </Table.Td>
                <Table.Td visibleFrom={ADDRESS_FROM}>
                  {item.address || place ? (
                    <Stack gap={0}>
                      {item.address && <Text size="sm">{item.address}</Text>}
                      {place && (
                        <Text size="sm" c="dimmed">
                          {place}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <None />
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {item.households.length === 0 ? (
                    <None />
                  ) : (
                    <HouseholdLinks
                      households={item.households}
                      professionalName={item.fullName}
                      asLinks={rights.canOpenHouseholds}
                    />
                  )}
                </Table.Td>
                <Table.Td maw={NOTE_MAX_WIDTH} visibleFrom={NOTE_FROM}>
                  {item.note ? (
                    <Text size="sm" lineClamp={2} title={item.note}>
                      {item.note}
                    </Text>
                  ) : (
                    <None />
                  )}
                </Table.Td>
                {withActions && (
                  <RowActionsCell
                    name={item.fullName}
                    actions={[
                      editAction(() => onEdit(item), rights.canWrite),
                      deleteAction(() => onDelete(item), rights.canDelete),
                    ]}
                  />
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
