import { Stack, Text, Title } from '@mantine/core';
import { BillingUnitsList } from '../../../features/billing-units/components/billing-units-list.tsx';

/**
 * `/billing/households?householdStatus=ACTIVE&selectedTab=totalAccounts&pageNo=1&numberOfRecords=10&sortBy=unitId&order=ASC`:
 * the billing units and whether each is ready to bill (billingUnits:read, checked by the route guard).
 */
export const BillingUnitsScreen = () => (
  <Stack gap="lg">
    <Stack gap={4}>
      <Title order={1} size="h2">
        Units
      </Title>
      <Text c="dimmed" size="sm">
        Households with accounts, billed as one unit. See which are ready to bill and what the others need
        before the next bill run.
      </Text>
    </Stack>
    <BillingUnitsList />
  </Stack>
);
