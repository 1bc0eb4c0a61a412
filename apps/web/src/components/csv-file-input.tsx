import { FileInput } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';

type CsvFileInputProps = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
};

/** The file field of a CSV import (price files, positions files): .csv only, clearable, with its icon. */
export const CsvFileInput = ({ label, value, onChange, error }: CsvFileInputProps) => (
  <FileInput
    label={label}
    placeholder="Choose a .csv file"
    // The placeholder is text here (not an input's): the dimmed colour keeps its contrast (axe).
    styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
    accept=".csv,text/csv"
    leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
    value={value}
    onChange={onChange}
    error={error}
    clearable
    clearButtonProps={{ 'aria-label': `Clear the ${label.toLowerCase()}` }}
  />
);
