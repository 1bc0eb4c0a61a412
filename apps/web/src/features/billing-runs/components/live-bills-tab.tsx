import { Anchor, EmptyState, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { type LiveBillsOwner, useLiveBills } from '../api/list-live-bills.ts';
import { BillDrawer } from './bill-explanation.tsx';
import { BillStatusBadge } from './bill-run-badges.tsx';

type LiveBillsTabProps = {
  owner: LiveBillsOwner;
  /** billingInstances write: a bill's Void, Pull out and Regenerate in its explanation. */
  canWrite: boolean;
  /** billingInstances read: the bills' runs can be opened. */
  canOpenRuns: boolean;
  /**
   * What follows the live bills table: the adjustments the next live bill applies (features/billing-adjustments,
   * composed by the route, as features never import each other).
   */
  children?: ReactNode;
};

/**
 * The Unit Live Bill tab (unit tab 7) and the Account Live Bill tab (account tab 4): the live bills, first to
 * last (liveBillSeq, billNo, period, created at, balance, created by); a bill opens to its explanation. Below
 * the table, what the route puts there (the adjustments panel).
 */
export const LiveBillsTab = ({ owner, canWrite, canOpenRuns, children }: LiveBillsTabProps) => {
  const bills = useLiveBills(owner);
  const [open, setOpen] = useState<string | null>(null);
  const whose = owner.kind === 'unit' ? 'this unit' : 'this account';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The live bills of {whose}, from the bill runs. Open a bill to see how it was worked out.
      </Text>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <QueryState
          query={bills}
          loading={<ListSkeleton label="Loading live bills..." />}
          errorTitle="The live bills could not be loaded"
        >
          {(rows) =>
            rows.length === 0 ? (
              <EmptyState
                py="xl"
                icon={<IconFileInvoice size={28} aria-hidden="true" />}
                withIndicatorBackground
              >
                <EmptyState.Title order={2}>No live bills yet</EmptyState.Title>
                <EmptyState.Description>
                  {`A live bill run that bills ${whose} lists its bill here.`}
                </EmptyState.Description>
              </EmptyState>
            ) : (
              <Table.ScrollContainer minWidth={840}>
                <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Live bills">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th ta="right">Seq</Table.Th>
                      <Table.Th>Bill no</Table.Th>
                      <Table.Th>Period start</Table.Th>
                      <Table.Th>Period end</Table.Th>
                      <Table.Th>Created at</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th ta="right">Balance</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Run</Table.Th>
                      <Table.Th>Created by</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((bill) => (
                      <Table.Tr key={bill.id}>
                        <Table.Td ta="right">
                          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {bill.liveBillSeq ?? ''}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <RowNameButton
                            title={`Open bill ${bill.billNo}`}
                            maxWidth={120}
                            onClick={() => setOpen(bill.id)}
                          >
                            {bill.billNo}
                          </RowNameButton>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDate(bill.periodStart)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDate(bill.periodEnd)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDate(bill.createdAt)}</Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm" ff="monospace">
                            {formatMoney(bill.amount)}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm" ff="monospace" fw={600}>
                            {formatMoney(bill.balance)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <BillStatusBadge status={bill.status} />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {canOpenRuns ? (
                            <Anchor component={Link} to={paths.billingInstance.href(bill.runId)} size="sm">
                              Run {bill.runNumber}
                            </Anchor>
                          ) : (
                            <Text size="sm">Run {bill.runNumber}</Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{bill.createdBy?.fullName ?? ''}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Paper>
      {children}
      <BillDrawer billId={open} canWrite={canWrite} showRun={canOpenRuns} onClose={() => setOpen(null)} />
    </Stack>
  );
};
