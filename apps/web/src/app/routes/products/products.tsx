import { Stack, Text, Title } from '@mantine/core';
import { ProductsManager } from '../../../features/products/components/products-manager.tsx';
import { can } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

/**
 * `/products?pageNo=1&numberOfRecords=10&sortBy=name&order=ASC`: the securities and other products accounts
 * hold, with their prices (products:read, checked by the route guard); write and delete show their actions.
 */
export const ProductsScreen = () => {
  const user = useCurrentUser();
  const rights = { canWrite: can(user, 'products', 'write'), canDelete: can(user, 'products', 'delete') };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Products
        </Title>
        <Text c="dimmed" size="sm">
          Securities, funds, bonds and cash, their asset classes and prices by date. Open a product to see its
          price history.
        </Text>
      </Stack>
      <ProductsManager rights={rights} />
    </Stack>
  );
};
