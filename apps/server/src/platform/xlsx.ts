import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** One column of a list exported as a workbook (and, through its text, as CSV). */
export type XlsxColumn<T> = {
  header: string;
  /** Width in characters for the spreadsheet. */
  width: number;
  value: (row: T) => string | number | Date | null;
  /** The CSV text of the value, when it differs from String(value). */
  text?: (row: T) => string;
  numFmt?: string;
  /** A text the spreadsheet must show as it is although it starts like a formula (a +1 phone number). */
  literal?: (text: string) => boolean;
};

/** A text cell that a spreadsheet would run as a formula is made inert, as in the CSV. */
const inert = <T>(column: XlsxColumn<T>, value: string | number | Date | null) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) && !column.literal?.(value) ? `'${value}` : value;

/**
 * A one-sheet workbook of a list: bold frozen header with a filter, the columns' widths and formats, formula-like
 * texts made inert. `created` is the instant the export was made (the app's clock).
 */
export const listWorkbook = async <T>(
  sheetName: string,
  columns: readonly XlsxColumn<T>[],
  rows: readonly T[],
  created: Date,
): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centric';
  workbook.created = created;
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, i) => ({
    header: column.header,
    key: `c${i}`,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) sheet.addRow(columns.map((column) => inert(column, column.value(row)) ?? null));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** The CSV columns of the same list: each column's text, else its value. */
export const csvColumnsOf = <T>(columns: readonly XlsxColumn<T>[]) =>
  columns.map((column) => ({
    header: column.header,
    value: (row: T) => (column.text ? column.text(row) : column.value(row)),
  }));

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const sendXlsx = (reply: FastifyReply, file: { filename: string; data: Buffer }) =>
  reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.data);
