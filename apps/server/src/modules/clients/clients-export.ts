import {
  CLIENT_STATUS_LABELS,
  type ClientListItem,
  formatPhone,
  INFLUENCER_TIER_LABELS,
  SERVICE_FLAG_KEYS,
  SERVICE_LABELS,
} from '@centric/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { toCsv } from '../../platform/csv.ts';

/** The household list as a file: the same columns in CSV and XLSX. */

/** 'yyyy-MM-dd' → 'MM/dd/yyyy' (spec §9); empty for no date. */
export const usDate = (iso: string | null): string => {
  if (!iso) return '';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return year && month && day ? `${month}/${day}/${year}` : iso;
};

const servicesText = (item: ClientListItem) => {
  const names = SERVICE_FLAG_KEYS.filter((key) => item.services[key]).map((key) => SERVICE_LABELS[key]);
  return names.length > 0 ? names.join('; ') : SERVICE_LABELS.noService;
};

type ExportColumn = {
  header: string;
  /** Width in characters for the spreadsheet. */
  width: number;
  value: (item: ClientListItem) => string | number | Date | null;
  /** The CSV text of the value, when it differs from String(value). */
  text?: (item: ClientListItem) => string;
  numFmt?: string;
};

const followUpDate = (item: ClientListItem) =>
  item.nextFollowUp ? new Date(`${item.nextFollowUp.slice(0, 10)}T00:00:00Z`) : null;

export const CLIENT_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Household', width: 32, value: (c) => c.name },
  { header: 'Status', width: 12, value: (c) => CLIENT_STATUS_LABELS[c.status] },
  { header: 'Rating', width: 8, value: (c) => c.rating },
  { header: 'Influencer tier', width: 16, value: (c) => INFLUENCER_TIER_LABELS[c.influencerTier] },
  { header: 'Services', width: 44, value: servicesText },
  {
    header: 'Next follow-up',
    width: 15,
    value: followUpDate,
    text: (c) => usDate(c.nextFollowUp),
    numFmt: 'mm/dd/yyyy',
  },
  { header: 'Primary email', width: 34, value: (c) => c.primaryEmail },
  { header: 'Primary phone', width: 19, value: (c) => (c.primaryPhone ? formatPhone(c.primaryPhone) : null) },
  { header: 'City', width: 20, value: (c) => c.city },
  { header: 'State', width: 8, value: (c) => c.state },
  { header: 'Wealth Advisor', width: 24, value: (c) => c.wealthAdvisor?.fullName ?? null },
  { header: 'Members', width: 48, value: (c) => c.members.map((m) => m.fullName).join('; ') },
];

export const clientsCsv = (items: readonly ClientListItem[]) =>
  toCsv(
    items,
    CLIENT_EXPORT_COLUMNS.map((column) => ({
      header: column.header,
      value: (item: ClientListItem) => (column.text ? column.text(item) : column.value(item)),
    })),
  );

/** A text cell that a spreadsheet would run as a formula is made inert, as in the CSV. */
const inert = (value: string | number | Date | null) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) && !/^\+1 \(\d{3}\) \d{3}-\d{4}$/.test(value)
    ? `'${value}`
    : value;

/** The workbook of the list; `created` is the instant the export was made (the app's clock). */
export const clientsXlsx = async (items: readonly ClientListItem[], created: Date): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Centric';
  workbook.created = created;
  const sheet = workbook.addWorksheet('Households', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CLIENT_EXPORT_COLUMNS.map((column, i) => ({
    header: column.header,
    key: `c${i}`,
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const item of items) {
    sheet.addRow(CLIENT_EXPORT_COLUMNS.map((column) => inert(column.value(item)) ?? null));
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: CLIENT_EXPORT_COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const sendXlsx = (reply: FastifyReply, file: { filename: string; data: Buffer }) =>
  reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.data);
