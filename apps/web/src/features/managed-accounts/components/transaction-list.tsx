import {
  ACCOUNT_MESSAGES,
  type AccountValue,
  type Transaction,
  TRANSACTION_TYPE_LABELS,
  type TransactionType,
} from '@centric/contracts';
import { Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { ListAddButton } from '../../../components/list-actions.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { deleteAction, RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/list-transactions.ts';
import { useDeleteTransaction } from '../api/save-transaction.ts';
import { dateOrDash, formatQuantity } from './figures.ts';
import { TRANSACTION_TYPE_OPTIONS, TransactionFormModal } from './transaction-form-modal.tsx';

type TransactionListProps = {
  clientId: string;
  /** The household's accounts: the account filter and the form's choice. */
  accounts: readonly AccountValue[];
  /** One account's transactions (its detail): no account filter or column. */
  account?: AccountValue | undefined;
  canWrite: boolean;
  canDelete: boolean;
  today: string;
  /** The heading's level: 2 on the tab, 3 inside an account's detail. */
  headingOrder?: 2 | 3;
};

type Filters = { from: string; to: string; type: TransactionType | ''; accountId: string };
const NO_FILTERS: Filters = { from: '', to: '', type: '', accountId: '' };

/**
 * Transactions, newest trade first, 10 a page: filtered by trade dates (from, to), type and account; Add
 * transaction and Delete (confirmed) for those who may.
 */
export const TransactionList = ({
  clientId,
  accounts,
  account,
  canWrite,
  canDelete,
  today,
  headingOrder = 2,
}: TransactionListProps) => {
  const headingId = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const remove = useDeleteTransaction(clientId);

  const rangeError =
    filters.from && filters.to && filters.to < filters.from ? ACCOUNT_MESSAGES.dateRange : null;
  const query = useTransactions({
    clientId,
    accountId: account?.id ?? (filters.accountId || undefined),
    from: filters.from || undefined,
    // A range that ends before it starts is not asked for: the field says why.
    to: rangeError ? undefined : filters.to || undefined,
    type: filters.type || undefined,
    page,
  });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Object.entries(filters).some(([, value]) => value !== '');

  const handleFilter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setDeleting(null);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  const accountOptions = accounts.map((a) => ({ value: a.id, label: a.registrationName }));

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={headingOrder} size={headingOrder === 2 ? 'h4' : 'h5'} id={headingId}>
          Transactions
        </Title>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            size="xs"
            label="From"
            value={filters.from}
            max={today}
            onChange={(event) => handleFilter({ from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            size="xs"
            label="To"
            value={filters.to}
            onChange={(event) => handleFilter({ to: event.currentTarget.value })}
            error={rangeError}
          />
          <Select
            size="xs"
            label="Type"
            placeholder="All types"
            data={TRANSACTION_TYPE_OPTIONS}
            value={filters.type || null}
            onChange={(value) => handleFilter({ type: (value ?? '') as TransactionType | '' })}
            clearable
            w={140}
            comboboxProps={{ withinPortal: true }}
          />
          {!account && accounts.length > 1 && (
            <Select
              size="xs"
              label="Account"
              placeholder="All accounts"
              data={accountOptions}
              value={filters.accountId || null}
              onChange={(value) => handleFilter({ accountId: value ?? '' })}
              clearable
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {canWrite && accounts.length > 0 && (
            <div style={{ alignSelf: 'flex-end' }}>
              <ListAddButton label="Add transaction" onClick={() => setAdding(true)} />
            </div>
          )}
        </Group>
      </Group>
      <ListPanel
        query={query}
        loadingLabel={<ListSkeleton label="Loading transactions..." rows={3} />}
        isEmpty={items.length === 0}
        empty={{
          icon: <IconArrowsExchange size={28} aria-hidden="true" />,
          title: filtered ? 'No matching transactions' : 'No transactions yet',
          description: filtered
            ? 'No transaction matches these dates and filters.'
            : `Deposits, withdrawals, buys and sells of ${account ? 'this account' : "this household's accounts"} show here.`,
          ...(filtered
            ? { onReset: () => handleFilter(NO_FILTERS) }
            : canWrite && accounts.length > 0
              ? { add: { label: 'Add transaction', onClick: () => setAdding(true) } }
              : {}),
        }}
      >
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" highlightOnHover aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Trade date</Table.Th>
                {!account && <Table.Th>Account</Table.Th>}
                <Table.Th>Type</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Description</Table.Th>
                <RowActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((transaction) => (
                <Table.Tr key={transaction.id}>
                  <Table.Td>
                    <Text size="sm">{dateOrDash(transaction.tradeDate)}</Text>
                  </Table.Td>
                  {!account && (
                    <Table.Td>
                      <Text size="sm">{transaction.registrationName}</Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm">{TRANSACTION_TYPE_LABELS[transaction.type]}</Text>
                  </Table.Td>
                  <Table.Td>
                    {transaction.product ? (
                      <Text size="sm">
                        {transaction.product.name}
                        {transaction.product.symbol && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            {transaction.product.symbol}
                          </Text>
                        )}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {transaction.quantity ? formatQuantity(transaction.quantity) : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(transaction.amount)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {transaction.description ?? ''}
                    </Text>
                  </Table.Td>
                  <RowActionsCell
                    name={`${TRANSACTION_TYPE_LABELS[transaction.type]} of ${dateOrDash(transaction.tradeDate)}`}
                    actions={[deleteAction(() => setDeleting(transaction), canDelete)]}
                  />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager
          total={total}
          page={page}
          pageSize={TRANSACTIONS_PAGE_SIZE}
          noun="transactions"
          onChange={setPage}
        />
      </ListPanel>
      <TransactionFormModal
        clientId={clientId}
        opened={adding}
        accounts={account ? [account] : accounts}
        accountId={account?.id ?? (filters.accountId || null)}
        today={today}
        onClose={() => setAdding(false)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting &&
          `Are you sure you want to delete the ${TRANSACTION_TYPE_LABELS[deleting.type].toLowerCase()} of ${formatMoney(deleting.amount)} on ${dateOrDash(deleting.tradeDate)}?`}
      </ConfirmDeleteModal>
    </Stack>
  );
};
