import { PRODUCT_TYPE_LABELS, type ProductItem } from '@centric/contracts';
import { Badge, Divider, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProductRights } from './products-table.tsx';
import { PriceHistory } from './price-history.tsx';
import { identifiersOf } from './price-text.ts';

const Fact = ({ label, value }: { label: string; value: string | null }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm">{value ?? '—'}</Text>
  </Stack>
);

type ProductDrawerProps = { product: ProductItem | null; rights: ProductRights; onClose: () => void };

/** One product: what it is, and its price history (chart, add, the table with delete). */
export const ProductDrawer = ({ product, rights, onClose }: ProductDrawerProps) => (
  <Drawer
    opened={product !== null}
    onClose={onClose}
    position="right"
    size="lg"
    title={
      product && (
        <Stack gap={2}>
          <Title order={2} size="h4">
            {product.name}
          </Title>
          <Text size="sm" c="dimmed">
            {identifiersOf(product)}
          </Text>
        </Stack>
      )
    }
  >
    {product && (
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Product type" value={PRODUCT_TYPE_LABELS[product.productType]} />
          <Fact label="Security type" value={product.securityType?.name ?? null} />
          <Fact
            label="Asset class"
            value={
              product.assetClass
                ? `${product.assetClass.assetClass} · ${product.assetClass.assetCategory}`
                : null
            }
          />
          <Group gap={6} align="flex-end">
            {product.advReportable && <Badge variant="light">ADV reportable</Badge>}
            {product.f13Reportable && (
              <Badge variant="light" color="grape">
                13F reportable
              </Badge>
            )}
          </Group>
        </SimpleGrid>
        <Divider label="Price history" labelPosition="left" />
        <PriceHistory product={product} canWrite={rights.canWrite} canDelete={rights.canDelete} />
      </Stack>
    )}
  </Drawer>
);
