import { usDate } from '@centric/contracts';
import type { XlsxColumn } from '../../platform/xlsx.ts';

/** A money column of an export: a number in the workbook (#,##0.00), the decimal string in the CSV. */
export const moneyColumn = <T>(header: string, value: (row: T) => string | null): XlsxColumn<T> => ({
  header,
  width: 16,
  value: (row) => {
    const v = value(row);
    return v === null ? null : Number(v);
  },
  text: (row) => value(row) ?? '',
  numFmt: '#,##0.00',
});

/** A day column of an export: a date in the workbook, MM/dd/yyyy in the CSV. */
export const dayColumn = <T>(header: string, value: (row: T) => string | null): XlsxColumn<T> => ({
  header,
  width: 12,
  value: (row) => {
    const v = value(row);
    return v ? new Date(`${v}T00:00:00Z`) : null;
  },
  text: (row) => {
    const v = value(row);
    return v ? usDate(v) : '';
  },
  numFmt: 'mm/dd/yyyy',
});
