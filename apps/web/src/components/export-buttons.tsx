import { IconFileTypeCsv, IconFileTypeXls } from '@tabler/icons-react';
import { IconLabelButton } from './icon-label-button.tsx';

export type ExportFormat = 'csv' | 'xlsx';

const EXPORTS = [
  { format: 'csv', label: 'Export CSV', Icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Export XLSX', Icon: IconFileTypeXls },
] as const satisfies readonly { format: ExportFormat; label: string; Icon: typeof IconFileTypeCsv }[];

type ExportButtonsProps = {
  /** The format being exported (its button spins), or null. */
  pending: ExportFormat | null;
  onExport: (format: ExportFormat) => void;
};

/** A list's Export CSV and Export XLSX buttons (labels from large screens on, icons below). */
export const ExportButtons = ({ pending, onExport }: ExportButtonsProps) =>
  EXPORTS.map(({ format, label, Icon }) => (
    <IconLabelButton
      key={format}
      label={label}
      icon={Icon}
      labelFrom="lg"
      variant="default"
      loading={pending === format}
      onClick={() => onExport(format)}
    />
  ));
