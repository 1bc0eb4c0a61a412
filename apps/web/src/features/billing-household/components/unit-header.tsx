import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUnitNumber } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import type { BillingUnit } from '../api/get-billing-unit.ts';
import { billingStatusDisplayOf, householdStatusDisplayOf } from './labels.ts';

/** The link back to the Units list, above the page and on its error states. */
export const BackToUnits = () => (
  <Anchor component={Link} to={paths.billingHouseholds.href()} size="sm" w="fit-content">
    <Group gap={4} wrap="nowrap">
      <IconArrowLeft size={14} aria-hidden="true" />
      Units
    </Group>
  </Anchor>
);

type UnitHeaderProps = {
  unit: BillingUnit;
  /** The household page is readable (clients read): "Open household" links to it. */
  canOpenHousehold: boolean;
};

/** The unit's name, number, household status and billing status, with a way to the household page. */
export const UnitHeader = ({ unit, canOpenHousehold }: UnitHeaderProps) => {
  const { billing, readiness } = unit;
  const household = householdStatusDisplayOf(billing.status);
  const billingStatus = billingStatusDisplayOf(readiness);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0}>
          <Title order={1} size="h2">
            {billing.name}
          </Title>
          <Group gap="xs">
            <Text
              size="sm"
              fw={600}
              c="dimmed"
              style={{ fontVariantNumeric: 'tabular-nums' }}
              aria-label={`Unit number ${formatUnitNumber(billing.unitId)}`}
            >
              {formatUnitNumber(billing.unitId)}
            </Text>
            <Badge variant="dot" color={household.color} radius="sm">
              <VisuallyHidden>Household status: </VisuallyHidden>
              {household.label}
            </Badge>
            <Badge variant="light" color={billingStatus.color} c="dark.7" radius="sm">
              <VisuallyHidden>Billing status: </VisuallyHidden>
              {billingStatus.label}
            </Badge>
          </Group>
        </Stack>
        {canOpenHousehold && (
          <Button
            component={Link}
            to={paths.clientDetail.href(billing.clientId)}
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden="true" />}
          >
            Open household
          </Button>
        )}
      </Group>
    </Paper>
  );
};
