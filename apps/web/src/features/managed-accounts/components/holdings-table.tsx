import type { Holdings } from '@centric/contracts';
import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney, formatPercent } from '../../../lib/money.ts';
import { dateOrDash, formatPrice, formatQuantity } from './figures.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** An account's positions on a date: product, asset class, quantity, price and its date, value and weight. */
export const HoldingsTable = ({ holdings, caption }: { holdings: Holdings; caption: string }) => (
  <Table.ScrollContainer minWidth={680}>
    <Table verticalSpacing="xs" highlightOnHover>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th>Asset class</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th ta="right">Price</Table.Th>
          <Table.Th ta="right">Market value</Table.Th>
          <Table.Th ta="right">Weight</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {holdings.positions.map((position) => (
          <Table.Tr key={position.product.id}>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm">{position.product.name}</Text>
                <Text size="xs" c="dimmed">
                  {[position.product.symbol, position.product.cusip].filter(Boolean).join(' · ') ||
                    position.product.productType}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{position.product.assetClass ?? '—'}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={NUMERIC}>
                {formatQuantity(position.quantity)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              {position.price ? (
                <Stack gap={0} align="flex-end">
                  <Text size="sm" style={NUMERIC}>
                    {formatPrice(position.price)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dateOrDash(position.priceDate)}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="orange.9">
                  No price
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={600} style={NUMERIC}>
                {formatMoney(position.marketValue)}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" style={NUMERIC}>
                {formatPercent(position.weight)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={4}>Total</Table.Th>
          <Table.Th ta="right" style={NUMERIC}>
            {formatMoney(holdings.marketValue)}
          </Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  </Table.ScrollContainer>
);
