/** RFC 4180 CSV, with cells that a spreadsheet would run as a formula made inert. */
const cell = (value: unknown): string => {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

export const toCsv = <T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string =>
  [
    columns.map((c) => cell(c.header)).join(','),
    ...rows.map((r) => columns.map((c) => cell(c.value(r))).join(',')),
  ].join('\r\n') + '\r\n';
