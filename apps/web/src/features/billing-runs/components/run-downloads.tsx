import { BILL_RUN_REPORT_LABELS, BILL_RUN_REPORTS, type BillRun } from '@centric/contracts';
import { Button, Group, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconFileTypeXls,
  IconFileZip,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDownloadRunInvoices } from '../api/download-invoices.ts';
import { type ReportFormat, useDownloadRunReport } from '../api/download-run-report.ts';

const FORMATS: readonly { format: ReportFormat; label: string; Icon: typeof IconFileTypeCsv }[] = [
  { format: 'csv', label: 'CSV', Icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'XLSX', Icon: IconFileTypeXls },
];

/**
 * A finished run's downloads on its header: the Reports menu (payable summary, bill data, exceptions and
 * settings, each as CSV or XLSX) and, once it has bills, every invoice in one zip.
 */
export const RunDownloads = ({ run }: { run: BillRun }) => {
  const report = useDownloadRunReport();
  const invoices = useDownloadRunInvoices();
  if (run.status === 'in_progress') return null;
  const onError = (error: unknown) => notifyError(errorMessage(error));
  return (
    <Group gap="sm">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
            loading={report.isPending}
          >
            Reports
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {BILL_RUN_REPORTS.map((name, index) => (
            <Fragment key={name}>
              {index > 0 && <Menu.Divider />}
              <Menu.Label>{BILL_RUN_REPORT_LABELS[name]}</Menu.Label>
              {FORMATS.map(({ format, label, Icon }) => (
                <Menu.Item
                  key={format}
                  leftSection={<Icon size={16} aria-hidden="true" />}
                  aria-label={`${BILL_RUN_REPORT_LABELS[name]} (${label})`}
                  onClick={() =>
                    report.mutate({ runId: run.id, runNumber: run.number, report: name, format }, { onError })
                  }
                >
                  {label}
                </Menu.Item>
              ))}
            </Fragment>
          ))}
        </Menu.Dropdown>
      </Menu>
      {run.bills > 0 && (
        <Button
          variant="default"
          leftSection={<IconFileZip size={16} aria-hidden="true" />}
          loading={invoices.isPending}
          onClick={() => invoices.mutate({ runId: run.id, runNumber: run.number }, { onError })}
        >
          Invoices (zip)
        </Button>
      )}
    </Group>
  );
};
