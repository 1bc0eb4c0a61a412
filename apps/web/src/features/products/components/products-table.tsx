import { PRODUCT_TYPE_LABELS, type ProductItem, type ProductSortKey } from '@centric/contracts';
import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { type SortState, SortableTh } from '../../../components/sortable-th.tsx';
import { formatPrice, unitPriceOf, usDate } from './price-text.ts';
import { RowNameButton } from '../../../components/row-name-button.tsx';

export type ProductRights = { canWrite: boolean; canDelete: boolean };

type ProductsTableProps = {
  items: readonly ProductItem[];
  sort: SortState<ProductSortKey>;
  onSort: (column: ProductSortKey) => void;
  rights: ProductRights;
  onOpen: (item: ProductItem) => void;
  onEdit: (item: ProductItem) => void;
  onDelete: (item: ProductItem) => void;
};

const None = () => (
  <Text size="sm" c="dimmed">
    <span aria-hidden="true">—</span>
    <VisuallyHidden>None</VisuallyHidden>
  </Text>
);

const NAME_MAX_WIDTH = 'clamp(200px, 20vw, 300px)';
/**
 * At 1024 px: name, symbol, type, asset class, price and actions without scrolling sideways; the CUSIP from
 * 1200 px (lg), the security type and flags from 1408 px (xl).
 */
const MEDIUM = 'lg';
const WIDE = 'xl';

/** The products of a page: the name opens its prices; edit and delete as the role allows. */
export const ProductsTable = ({
  items,
  sort,
  onSort,
  rights,
  onOpen,
  onEdit,
  onDelete,
}: ProductsTableProps) => (
  <Table.ScrollContainer minWidth={760}>
    <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Products">
      <Table.Thead>
        <Table.Tr>
          <SortableTh column="name" sort={sort} onSort={onSort}>
            Name
          </SortableTh>
          <SortableTh column="symbol" sort={sort} onSort={onSort}>
            Symbol
          </SortableTh>
          <SortableTh column="cusip" sort={sort} onSort={onSort} visibleFrom={MEDIUM}>
            CUSIP
          </SortableTh>
          <SortableTh column="productType" sort={sort} onSort={onSort}>
            Type
          </SortableTh>
          <SortableTh column="assetClass" sort={sort} onSort={onSort}>
            Asset class
          </SortableTh>
          <Table.Th visibleFrom={WIDE}>Security type</Table.Th>
          <Table.Th visibleFrom={WIDE}>Reportable</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Latest price</Table.Th>
          <RowActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => {
          const unit = unitPriceOf(item);
          return (
            <Table.Tr key={item.id}>
              <Table.Td>
                <RowNameButton title={item.name} maxWidth={NAME_MAX_WIDTH} onClick={() => onOpen(item)}>
                  {item.name}
                </RowNameButton>
              </Table.Td>
              <Table.Td>{item.symbol ? <Text size="sm">{item.symbol}</Text> : <None />}</Table.Td>
              <Table.Td visibleFrom={MEDIUM}>
                {item.cusip ? (
                  <Text size="sm" ff="monospace">
                    {item.cusip}
                  </Text>
                ) : (
                  <None />
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{PRODUCT_TYPE_LABELS[item.productType]}</Text>
              </Table.Td>
              <Table.Td>
                {item.assetClass ? (
                  <Stack gap={0}>
                    <Text size="sm">{item.assetClass.assetCategory}</Text>
                    <Text size="xs" c="dimmed">
                      {item.assetClass.assetClass}
                    </Text>
                  </Stack>
                ) : (
                  <None />
                )}
              </Table.Td>
              <Table.Td visibleFrom={WIDE}>
                {item.securityType ? <Text size="sm">{item.securityType.name}</Text> : <None />}
              </Table.Td>
              <Table.Td visibleFrom={WIDE}>
                <Group gap={4} wrap="nowrap">
                  {item.advReportable && (
                    <Badge variant="light" size="sm">
                      ADV
                    </Badge>
                  )}
                  {item.f13Reportable && (
                    <Badge variant="light" color="grape" size="sm">
                      13F
                    </Badge>
                  )}
                  {!item.advReportable && !item.f13Reportable && <None />}
                </Group>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {unit ? (
                  <Stack gap={0} align="flex-end">
                    <Text size="sm" fw={500}>
                      {formatPrice(unit.price)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {unit.date ? usDate(unit.date) : 'per unit, always'}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    No price yet
                  </Text>
                )}
              </Table.Td>
              <RowActionsCell
                name={item.name}
                actions={[
                  { label: 'Prices', icon: IconChartLine, onClick: () => onOpen(item) },
                  editAction(() => onEdit(item), rights.canWrite),
                  deleteAction(() => onDelete(item), rights.canDelete),
                ]}
              />
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
