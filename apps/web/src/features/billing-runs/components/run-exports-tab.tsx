import {
  BILL_CHECK_MESSAGES,
  BILL_EXPORT_KIND_LABELS,
  BILL_EXPORT_MESSAGES,
  type BillExport,
  type BillExportBody,
  type BillRefund,
  type BillRun,
} from '@centric/contracts';
import {
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBuildingBank,
  IconDownload,
  IconFileExport,
  IconFileImport,
  IconLock,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconAction } from '../../../components/icon-action.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { downloadBillExport, useDownloadBillExport } from '../api/download-bill-export.ts';
import { useExportBillRun } from '../api/export-bill-run.ts';
import { useBillExports } from '../api/list-bill-exports.ts';
import { useBillRefunds } from '../api/list-bill-refunds.ts';
import { FEE_FILE_FORMATS, type FeeFileFormat, shortChecksum } from './bill-run-text.ts';
import { ImportConfirmationModal } from './import-confirmation-modal.tsx';

/** The question asked before a kind is exported again. */
export const EXPORT_AGAIN_TEXT = 'This run was already exported: export it again?';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="sm" component="section">
    <Title order={2} size="h4">
      {title}
    </Title>
    {children}
  </Stack>
);

/** Saves the files one after the other (a browser may drop downloads started together). */
const saveFiles = async (files: readonly BillExport[]) => {
  for (const file of files) {
    try {
      await downloadBillExport(file);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }
};

type ExportActionsProps = {
  run: BillRun;
  /** The checks block the export: the Checks tab opens. */
  onBlocked: () => void;
};

/**
 * Export custodian fee file (in the chosen format) and Export ACH (NACHA) file; a kind exported before asks
 * first and is sent again with confirmAgain. The files written are saved at once. Import confirmation file
 * once the run is exported.
 */
const ExportActions = ({ run, onBlocked }: ExportActionsProps) => {
  const exporter = useExportBillRun();
  const [format, setFormat] = useState<FeeFileFormat>('generic-csv');
  const [again, setAgain] = useState<BillExportBody | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [sending, setSending] = useState<BillExportBody['kind'] | null>(null);

  const send = (body: BillExportBody) => {
    setSending(body.kind);
    setFailure(null);
    exporter.mutate(
      { runId: run.id, body },
      {
        onSuccess: ({ files, message }) => {
          notifySuccess(message);
          setAgain(null);
          void saveFiles(files);
        },
        onError: (error) => {
          const message = errorMessage(error);
          if (message === BILL_EXPORT_MESSAGES.confirmAgain && !body.confirmAgain) {
            setAgain({ ...body, confirmAgain: true });
          } else if (message === BILL_CHECK_MESSAGES.blocked) {
            setAgain(null);
            notifyError(message);
            onBlocked();
          } else if (body.confirmAgain) {
            // Asked again: the refusal shows in the confirmation.
            setFailure(message);
          } else {
            notifyError(message);
          }
        },
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Fee file format"
            data={FEE_FILE_FORMATS}
            value={format}
            onChange={(value) => value && setFormat(value as FeeFileFormat)}
            allowDeselect={false}
            w={160}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconFileExport size={16} aria-hidden="true" />}
            loading={sending === 'CUSTODIAN'}
            disabled={sending !== null && sending !== 'CUSTODIAN'}
            onClick={() => send({ kind: 'CUSTODIAN', exporter: format })}
          >
            Export custodian fee file
          </Button>
          <Button
            variant="default"
            leftSection={<IconBuildingBank size={16} aria-hidden="true" />}
            loading={sending === 'NACHA'}
            disabled={sending !== null && sending !== 'NACHA'}
            onClick={() => send({ kind: 'NACHA' })}
          >
            Export ACH (NACHA) file
          </Button>
        </Group>
        {run.stage === 'EXPORTED' && (
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden="true" />}
            onClick={() => setImporting(true)}
          >
            Import confirmation file
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={again !== null}
        confirmLabel="Export again"
        loading={exporter.isPending}
        error={failure}
        onClose={() => {
          setAgain(null);
          setFailure(null);
        }}
        onConfirm={() => again && send(again)}
      >
        {EXPORT_AGAIN_TEXT}{' '}
        {again &&
          `A new ${BILL_EXPORT_KIND_LABELS[again.kind].toLowerCase()} is written, and the export is logged.`}
      </ConfirmModal>
      <ImportConfirmationModal runId={run.id} opened={importing} onClose={() => setImporting(false)} />
    </Paper>
  );
};

/** Every file the run's exports wrote, newest export first, each to download again. */
const ExportsTable = ({ items }: { items: readonly BillExport[] }) => {
  const download = useDownloadBillExport();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Exports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Export no.</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th ta="right">Rows</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Checksum</Table.Th>
            <Table.Th>Exported</Table.Th>
            <Table.Th>
              <VisuallyHidden>Download</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td>
                <Text size="sm">{file.exportNo}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                  {file.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {BILL_EXPORT_KIND_LABELS[file.kind]}
                  {file.custodian ? ` · ${file.custodian}` : ''}
                  {file.batch > 1 ? ` · batch ${file.batch}` : ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{file.rowCount}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace">
                  {formatMoney(file.total)}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* Shortened in the cell; the whole checksum in the tooltip (on hover and focus) and for screen readers. */}
                <Tooltip
                  label={file.checksum}
                  multiline
                  maw={320}
                  style={{ wordBreak: 'break-all' }}
                  events={{ hover: true, focus: true, touch: true }}
                >
                  <Text
                    component="span"
                    size="sm"
                    ff="monospace"
                    title={file.checksum}
                    tabIndex={0}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    <span aria-hidden="true">{shortChecksum(file.checksum)}</span>
                    <VisuallyHidden>{file.checksum}</VisuallyHidden>
                  </Text>
                </Tooltip>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(file.createdAt)}</Text>
                {file.createdBy && (
                  <Text size="xs" c="dimmed">
                    by {file.createdBy.fullName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <IconAction
                  tooltip="Download"
                  label={`Download ${file.fileName}`}
                  icon={IconDownload}
                  disabled={download.isPending && download.variables.id === file.id}
                  onClick={() =>
                    download.mutate(file, { onError: (error) => notifyError(errorMessage(error)) })
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The credits no fee file carries, for the firm to pay back. */
const RefundsTable = ({ items }: { items: readonly BillRefund[] }) => (
  <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Refunds">
    <Table.Thead>
      <Table.Tr>
        <Table.Th>Household</Table.Th>
        <Table.Th>Account</Table.Th>
        <Table.Th ta="right">Amount</Table.Th>
      </Table.Tr>
    </Table.Thead>
    <Table.Tbody>
      {items.map((refund) => (
        <Table.Tr key={`${refund.billId}-${refund.accountNumber}-${refund.registrationName}`}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {refund.household}
            </Text>
            <Text size="xs" c="dimmed">
              Bill {refund.billNo}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{refund.registrationName || '—'}</Text>
            {refund.accountNumber && (
              <Text size="xs" c="dimmed">
                {refund.accountNumber}
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm" ff="monospace" fw={600}>
              {formatMoney(refund.amount)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

type RunExportsTabProps = {
  run: BillRun;
  /** billingInstances write: export and import. */
  canWrite: boolean;
  /** The checks block the export: open the Checks tab. */
  onBlocked: () => void;
};

/** A locked (or exported) run's files: export them, download them again, the refunds, and collections in. */
const ExportsBody = ({ run, canWrite, onBlocked }: RunExportsTabProps) => {
  const exportsList = useBillExports(run.id);
  const refunds = useBillRefunds(run.id);
  return (
    <Stack gap="lg">
      {canWrite && <ExportActions run={run} onBlocked={onBlocked} />}
      <Section title="Exports">
        <ListPanel
          query={exportsList}
          loadingLabel={<ListSkeleton label="Loading the exports..." rows={3} />}
          isEmpty={exportsList.data?.length === 0}
          empty={{
            icon: <IconFileExport size={28} aria-hidden="true" />,
            title: 'Not exported yet',
            description:
              'The custodian fee files and the ACH (NACHA) file show here once exported, each to download again.',
          }}
        >
          {exportsList.data && <ExportsTable items={exportsList.data} />}
        </ListPanel>
      </Section>
      <Section title="Refunds">
        <ListPanel
          query={refunds}
          loadingLabel={<ListSkeleton label="Loading the refunds..." rows={2} />}
          isEmpty={refunds.data?.length === 0}
          empty={{
            icon: <IconReceiptRefund size={28} aria-hidden="true" />,
            title: 'No refunds',
            description: 'No bill of this run leaves a credit for the firm to pay back.',
          }}
        >
          {refunds.data && <RefundsTable items={refunds.data} />}
        </ListPanel>
      </Section>
    </Stack>
  );
};

/**
 * A live run's exports: until it is locked, only what to do first; then the export buttons, the files
 * written (to download again), the refunds no file carries, and importing a confirmation file once exported.
 */
export const RunExportsTab = (props: RunExportsTabProps) => {
  const { stage } = props.run;
  if (stage === 'LOCKED' || stage === 'EXPORTED') return <ExportsBody {...props} />;
  return (
    <Paper withBorder radius="lg" p={0}>
      <EmptyState py="xl" icon={<IconLock size={28} aria-hidden="true" />} withIndicatorBackground>
        <EmptyState.Title order={2}>Lock the run to export it.</EmptyState.Title>
        <EmptyState.Description>
          Approve the run, then lock it: its custodian fee files and ACH (NACHA) file are exported from here.
        </EmptyState.Description>
      </EmptyState>
    </Paper>
  );
};
