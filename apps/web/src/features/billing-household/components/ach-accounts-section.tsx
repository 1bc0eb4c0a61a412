import { ACH_ACCOUNT_TYPE_LABELS, type AchAccount, formatPhone } from '@centric/contracts';
import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { IconAction } from '../../../components/icon-action.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useRecordActions } from '../../../lib/use-record-actions.ts';
import { useDeleteAchAccount } from '../api/delete-ach-account.ts';
import { useAchAccounts } from '../api/list-ach-accounts.ts';
import { AchAccountFormModal } from './ach-account-form-modal.tsx';

/** 'Checking ****6789': how an ACH account is named in its actions and confirmations. */
const achNameOf = (account: AchAccount) =>
  `${ACH_ACCOUNT_TYPE_LABELS[account.achAccountType]} ${account.accountNumber}`;

const addressOf = (account: AchAccount) =>
  [
    account.billingAddressLine1,
    account.billingAddressLine2,
    `${account.city}, ${account.state} ${account.zip}`,
    account.country,
  ].filter((line): line is string => !!line);

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group gap="xs" wrap="nowrap" align="flex-start">
    <Text size="xs" c="dimmed" w={110} style={{ flexShrink: 0 }} component="dt">
      {label}
    </Text>
    <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Group>
);

type AchCardProps = {
  account: AchAccount;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

const AchCard = ({ account, canWrite, canDelete, onEdit, onDelete }: AchCardProps) => {
  const name = achNameOf(account);
  return (
    <Card component="li" withBorder radius="md" padding="md" style={{ listStyle: 'none' }} aria-label={name}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" c="dark.7" radius="sm">
            {ACH_ACCOUNT_TYPE_LABELS[account.achAccountType]}
          </Badge>
          <Text fw={600} size="sm">
            {account.firstName} {account.lastName}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {canWrite && (
            <IconAction tooltip="Edit" label={`Edit ${name}`} icon={IconPencil} onClick={onEdit} />
          )}
          {canDelete && (
            <IconAction
              tooltip="Delete"
              label={`Delete ${name}`}
              icon={IconTrash}
              color="red.9"
              onClick={onDelete}
            />
          )}
        </Group>
      </Group>
      <Stack component="dl" gap={6} m={0}>
        <Line label="Account number">{account.accountNumber}</Line>
        <Line label="Routing number">{account.routingNumber}</Line>
        <Line label="Billing address">
          {addressOf(account).map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </Line>
        <Line label="Email">{account.emailAddress}</Line>
        <Line label="Phone">{formatPhone(account.phoneNumber)}</Line>
      </Stack>
    </Card>
  );
};

type AchAccountsSectionProps = {
  clientId: string;
  /** billingUnits write: add and edit. */
  canWrite: boolean;
  /** billingUnits delete. */
  canDelete: boolean;
};

/**
 * The household's ACH bank accounts (spec §3 ACH account), where ACH fees are collected from: numbers only
 * ever shown masked; added and changed in a modal, deleted after a confirmation.
 */
export const AchAccountsSection = ({ clientId, canWrite, canDelete }: AchAccountsSectionProps) => {
  const accounts = useAchAccounts(clientId);
  const remove = useDeleteAchAccount();
  const { editing, setEditing, deleting, setDeleting, confirmDelete, deletePending } =
    useRecordActions<AchAccount>(remove);
  return (
    <Stack gap="md" component="section" aria-labelledby="ach-accounts">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h4" id="ach-accounts">
            ACH bank accounts
          </Title>
          <Text size="sm" c="dimmed">
            The accounts ACH fees are collected from.
          </Text>
        </Stack>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
            Add ACH account
          </Button>
        )}
      </Group>
      <QueryState
        query={accounts}
        loading={<ListSkeleton label="Loading ACH accounts..." rows={2} />}
        errorTitle="The ACH accounts could not be loaded"
      >
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              variant="light"
              py="lg"
              icon={<IconBuildingBank size={28} aria-hidden="true" />}
              title="No ACH bank account"
              description="Accounts that pay by ACH need one: without it the unit cannot be billed."
            />
          ) : (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, md: 2 }}
              spacing="md"
              m={0}
              p={0}
              aria-label="ACH bank accounts"
            >
              {items.map((account) => (
                <AchCard
                  key={account.id}
                  account={account}
                  canWrite={canWrite}
                  canDelete={canDelete}
                  onEdit={() => setEditing(account)}
                  onDelete={() => setDeleting(account)}
                />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
      <AchAccountFormModal clientId={clientId} target={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={deletePending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <>
            Delete the {ACH_ACCOUNT_TYPE_LABELS[deleting.achAccountType].toLowerCase()} account{' '}
            {deleting.accountNumber} of {deleting.firstName} {deleting.lastName}? Without an ACH bank account,
            the household&apos;s accounts that pay by ACH block its billing.
          </>
        )}
      </ConfirmDeleteModal>
    </Stack>
  );
};
