import type { FastifyReply } from 'fastify';
import type { Clock } from './clock.ts';
import { datedFileName, sendCsv, toCsv } from './csv.ts';
import type { FirmToday } from './firm-calendar.ts';
import { csvColumnsOf, listWorkbook, sendXlsx, type XlsxColumn } from './xlsx.ts';

/** A list as the file its export asks for (the same columns in CSV and XLSX), named with the firm's day. */
export const sendListFile = async <T>(
  reply: FastifyReply,
  file: {
    format: 'csv' | 'xlsx';
    name: string;
    sheet: string;
    columns: readonly XlsxColumn<T>[];
    rows: readonly T[];
  },
  deps: { today: FirmToday; clock: Clock },
) => {
  const filename = datedFileName(file.name, deps.today(), file.format);
  return file.format === 'csv'
    ? sendCsv(reply, { filename, csv: toCsv(file.rows, csvColumnsOf(file.columns)) })
    : sendXlsx(reply, {
        filename,
        data: await listWorkbook(file.sheet, file.columns, file.rows, deps.clock.now()),
      });
};
