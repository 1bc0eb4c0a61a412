import {
  CLIENT_STATUS_LABELS,
  type ClientListItem,
  formatPhone,
  INFLUENCER_TIER_LABELS,
  SERVICE_FLAG_KEYS,
  SERVICE_LABELS,
} from '@centric/contracts';
import { toCsv } from '../../platform/csv.ts';
import { csvColumnsOf, listWorkbook, type XlsxColumn } from '../../platform/xlsx.ts';

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

/** A +1 phone number ('+1 (555) 123-4567') stays as it is in the workbook: it is no formula. */
const isPhone = (text: string) => /^\+1 \(\d{3}\) \d{3}-\d{4}$/.test(text);

type ExportColumn = XlsxColumn<ClientListItem>;

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
  {
    header: 'Primary phone',
    width: 19,
    value: (c) => (c.primaryPhone ? formatPhone(c.primaryPhone) : null),
    literal: isPhone,
  },
  { header: 'City', width: 20, value: (c) => c.city },
  { header: 'State', width: 8, value: (c) => c.state },
  { header: 'Wealth Advisor', width: 24, value: (c) => c.wealthAdvisor?.fullName ?? null },
  { header: 'Members', width: 48, value: (c) => c.members.map((m) => m.fullName).join('; ') },
];

export const clientsCsv = (items: readonly ClientListItem[]) =>
  toCsv(items, csvColumnsOf(CLIENT_EXPORT_COLUMNS));

/** The workbook of the list; `created` is the instant the export was made (the app's clock). */
export const clientsXlsx = (items: readonly ClientListItem[], created: Date): Promise<Buffer> =>
  listWorkbook('Households', CLIENT_EXPORT_COLUMNS, items, created);
