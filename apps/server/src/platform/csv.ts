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
