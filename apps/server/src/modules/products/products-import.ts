import {
  PRICE_IMPORT_MAX_LINES,
  PRICE_MIN_DATE,
  PRODUCT_MESSAGES,
  type PriceImportRefusal,
  readPrice,
} from '@centric/contracts';
import { badRequest } from '../../platform/errors.ts';
import {
  IDENTIFIER_HEADERS,
  type IdentifierKind,
  identifierOf,
  readCsvTable,
  readImportDate,
} from '../../platform/csv-import.ts';

/**
 * Reading a price file (issue 13 §1): a header naming an identifier column (symbol, cusip or identifier), a
 * date and a price, then one price a line. Pure: which products the identifiers name is the service's part
 * (platform/csv-import.ts `productMatcher`).
 */

/** A line whose own fields are valid, still to be matched to a product. */
export type PriceFileLine = {
  line: number;
  identifier: string;
  kind: IdentifierKind;
  date: string;
  price: string;
};

const COLUMNS = {
  ...IDENTIFIER_HEADERS,
  date: ['date', 'price date', 'pricedate', 'as of', 'asof'],
  price: ['price', 'close', 'closing price'],
} as const;

/** The identifier as a refusal shows it: trimmed, at most 40 characters. */
const shown = (text: string) => text.trim().slice(0, 40);

/** The first problem of a line's date, or null. */
const dateProblem = (date: string | null, today: string) => {
  if (date === null) return PRODUCT_MESSAGES.lineDateInvalid;
  if (date < PRICE_MIN_DATE) return PRODUCT_MESSAGES.dateTooOld;
  if (date > today) return PRODUCT_MESSAGES.dateInFuture;
  return null;
};

/**
 * The lines of a price file, each valid in itself or refused with why (file order). 400 when the header
 * lacks a column, the file has no lines or too many.
 */
export const readPriceFile = (text: string, today: string) => {
  const table = readCsvTable(text, COLUMNS);
  const { at, records: body } = table;
  if (!table.hasHeader) throw badRequest(PRODUCT_MESSAGES.importEmpty);
  if (at.date < 0 || at.price < 0 || (at.symbol < 0 && at.cusip < 0 && at.identifier < 0))
    throw badRequest(PRODUCT_MESSAGES.importHeaderMissing);
  if (body.length === 0) throw badRequest(PRODUCT_MESSAGES.importEmpty);
  if (body.length > PRICE_IMPORT_MAX_LINES) throw badRequest(PRODUCT_MESSAGES.importTooManyLines);

  const lines: PriceFileLine[] = [];
  const refused: PriceImportRefusal[] = [];
  const widest = Math.max(...Object.values<number>(at));
  for (const record of body) {
    const { line, cells } = record;
    const [kind, identifier] = identifierOf({
      cusip: table.cell(record, 'cusip'),
      symbol: table.cell(record, 'symbol'),
      identifier: table.cell(record, 'identifier'),
    });
    const refuse = (message: string) => refused.push({ line, identifier: shown(identifier), message });
    if (cells.length <= widest) {
      refuse(PRODUCT_MESSAGES.lineColumns);
      continue;
    }
    if (identifier === '') {
      refuse(PRODUCT_MESSAGES.lineIdentifierMissing);
      continue;
    }
    const date = readImportDate(table.cell(record, 'date'));
    const problem = dateProblem(date, today);
    if (problem !== null || date === null) {
      refuse(problem ?? PRODUCT_MESSAGES.lineDateInvalid);
      continue;
    }
    const price = readPrice(table.cell(record, 'price'));
    if ('message' in price) {
      refuse(price.message);
      continue;
    }
    lines.push({ line, identifier: identifier.toUpperCase(), kind, date, price: price.price });
  }
  return { rows: body.length, lines, refused };
};
