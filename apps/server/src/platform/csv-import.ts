import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isValidCusip, parseIsoDate } from '@centric/contracts';
import { HttpError } from './errors.ts';
import { type CsvRecord, parseCsv } from './csv.ts';

/**
 * What every CSV import shares (price files, positions files): the file's text, its header's columns found
 * by their usual names, dates as people and custodians write them, and products named by symbol or CUSIP.
 */

/** The file's text: UTF-8 (a byte-order mark dropped), else Windows-1252 as older spreadsheets write it. */
export const importFileText = (data: Buffer, formatMessage: string): string => {
  if (data.includes(0)) throw new HttpError(415, formatMessage);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
};

/** yyyy-MM-dd or MM/dd/yyyy (M/d/yyyy too) as yyyy-MM-dd, or null when it is not a real day. */
export const readImportDate = (raw: string): string | null => {
  const text = raw.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}` : text;
  return parseIsoDate(iso) ? iso : null;
};

/** The names a product's identifier column goes by. */
export const IDENTIFIER_HEADERS = {
  symbol: ['symbol', 'ticker'],
  cusip: ['cusip'],
  identifier: ['identifier', 'symbol/cusip', 'symbol or cusip', 'security'],
} as const;

/**
 * A CSV table: its header's columns (each found by any of its names, in any case; -1 when absent) and its
 * records after the header. `cell(record, column)` is the trimmed cell, '' when the column or cell is absent.
 */
export const readCsvTable = <K extends string>(
  text: string,
  columns: Readonly<Record<K, readonly string[]>>,
) => {
  const [header, ...records] = parseCsv(text);
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const at = Object.fromEntries(
    Object.entries(columns).map(([key, aliases]) => [
      key,
      names.findIndex((n) => (aliases as string[]).includes(n)),
    ]),
  ) as Record<K, number>;
  const cell = (record: CsvRecord, column: K) => {
    const index = at[column];
    return index < 0 ? '' : (record.cells[index] ?? '').trim();
  };
  return { hasHeader: Boolean(header), at, records, cell };
};

export type IdentifierKind = 'symbol' | 'cusip' | 'any';

/** How a line names its product: the first of its CUSIP, symbol or identifier cells that is filled. */
export const identifierOf = (cells: { cusip: string; symbol: string; identifier: string }) =>
  (
    [
      ['cusip', cells.cusip],
      ['symbol', cells.symbol],
      ['any', cells.identifier],
    ] as const
  ).find(([, value]) => value !== '') ?? (['any', ''] as const);

export type MatchableProduct = {
  id: string;
  symbol: string | null;
  cusip: string | null;
  productType: string;
};

/**
 * The product a line names: by its column's kind; an `identifier` that is a valid CUSIP of a product is that
 * product, else the product with that symbol, else the one with that CUSIP (identifiers in upper case).
 */
export const productMatcher = <P extends MatchableProduct>(products: readonly P[]) => {
  const bySymbol = new Map(
    products.filter((p) => p.symbol).map((p) => [(p.symbol as string).toUpperCase(), p]),
  );
  const byCusip = new Map(products.filter((p) => p.cusip).map((p) => [(p.cusip as string).toUpperCase(), p]));
  return (line: { identifier: string; kind: IdentifierKind }): P | undefined => {
    // Custodians' files put a bond's CUSIP in the symbol column: a valid CUSIP no symbol names is read as one.
    if (line.kind === 'symbol') {
      return (
        bySymbol.get(line.identifier) ??
        (isValidCusip(line.identifier) ? byCusip.get(line.identifier) : undefined)
      );
    }
    if (line.kind === 'cusip') return byCusip.get(line.identifier);
    const asCusip = isValidCusip(line.identifier) ? byCusip.get(line.identifier) : undefined;
    return asCusip ?? bySymbol.get(line.identifier) ?? byCusip.get(line.identifier);
  };
};

export type CsvUploadMessages = { required: string; format: string; tooLarge: string };

const CSV_FILE_NAME = /\.(csv|txt)$/i;

/**
 * A CSV upload: the multipart field "file" (a .csv or .txt name) or a text/csv body, at most `maxBytes`, as its
 * name and bytes. 400 when none is sent, 413 when too large, 415 when not a CSV file.
 */
export const readCsvUpload = async (
  request: FastifyRequest,
  options: { maxBytes: number; messages: CsvUploadMessages; defaultName: string },
): Promise<{ name: string; data: Buffer }> => {
  const { maxBytes, messages } = options;
  if (Buffer.isBuffer(request.body)) {
    // A text/csv body, as sent (its encoding is read like a file's: UTF-8, else Windows-1252).
    if (request.body.length > maxBytes) throw new HttpError(413, messages.tooLarge);
    return { name: options.defaultName, data: request.body };
  }
  if (!request.isMultipart()) throw new HttpError(415, messages.format);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw new HttpError(400, messages.required);
  }
  if (!part) throw new HttpError(400, messages.required);
  const data = await part.toBuffer().catch(() => {
    throw new HttpError(413, messages.tooLarge);
  });
  if (part.file.truncated || data.length > maxBytes) throw new HttpError(413, messages.tooLarge);
  if (!CSV_FILE_NAME.test(part.filename)) throw new HttpError(415, messages.format);
  return { name: part.filename.slice(-200), data };
};

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type ZodScope = ReturnType<typeof typed>;

/**
 * Registers an upload route that reads a multipart file or a text/csv (text/plain) body of at most `maxBytes`:
 * the CSV body parser lives in this scope only, so no other route takes a CSV body.
 */
export const withCsvBody = (parent: FastifyInstance, maxBytes: number, routes: (scope: ZodScope) => void) =>
  parent.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    routes(typed(scope));
  });
