import type { FastifyReply } from 'fastify';

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

/**
 * `users` on 2026-11-21 → `users-2026-11-21.csv`: an export's name with the day it was made, the firm's day
 * (FirmToday), so a file exported at 9 pm in New York is not named tomorrow.
 */
export const datedFileName = (name: string, day: string, extension: 'csv' | 'xlsx' = 'csv') =>
  `${name}-${day}.${extension}`;

/** Sends a CSV file instead of the envelope, with a byte-order mark so that spreadsheets read UTF-8. */
export const sendCsv = (reply: FastifyReply, file: { filename: string; csv: string }) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(Buffer.from(`\uFEFF${file.csv}`, 'utf8'));

/** One record of a CSV text: the line it starts on (from 1) and its cells. */
export type CsvRecord = { line: number; cells: string[] };

/**
 * Reads an RFC 4180 CSV text (commas, fields in double quotes with "" for a quote and line breaks inside,
 * CRLF or LF) into records, each with the line it starts on; a leading byte-order mark is dropped and blank
 * lines are left out. A quote left open takes the rest of the text as its field.
 */
export const parseCsv = (input: string): CsvRecord[] => {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(field);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      cells.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      field += char;
    }
  }
  if (field !== '' || cells.length > 0) endRecord();
  return records;
};
