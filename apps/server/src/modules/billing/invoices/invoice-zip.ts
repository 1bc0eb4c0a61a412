import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * All the invoices of a run in one zip (issue 15 §3 "Invoices"), streamed: one PDF is in memory at a time,
 * whatever the number of invoices. What the zip keeps per entry until its end is the entry's central directory
 * record and yazl's bookkeeping, about 650 bytes (measured), so 100,000 invoices take some 65 MB, not the sum
 * of their PDFs. yazl switches to ZIP64 by itself past 65,535 entries or 4 GB.
 */

/** One file of the zip. */
export type InvoiceZipEntry = { name: string; pdf: Buffer };

/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = { ø: 'o', ł: 'l', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe' };

/** The PDF's file name in a zip: 'invoice-101-adams-betty.pdf' (ASCII, no path separators). */
export const invoiceFileName = (bill: { billNo: number; household: string }): string => {
  const slug = bill.household
    .toLowerCase()
    .replace(/[øłđßæœ]/g, (letter) => PLAIN_LETTERS[letter] ?? '')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `invoice-${bill.billNo}${slug ? `-${slug}` : ''}.pdf`;
};

/** A name not used yet in the zip: 'a.pdf', then 'a-2.pdf', 'a-3.pdf' … (a zip may not hold a name twice). */
const uniqueName = (taken: Set<string>, name: string): string => {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = name.replace(/(\.pdf)?$/i, `-${n}$1`);
  taken.add(candidate);
  return candidate;
};

/** What an entry's stream is made from, emptied when yazl takes it (yazl keeps the entry's function to its end). */
type Pending = { pdf: Buffer | null; settle: ((error?: unknown) => void) | null };

/**
 * The function yazl calls for an entry's bytes. It closes over `pending` alone, which it empties: yazl keeps it
 * until the zip ends, and a buffer it held (as `addBuffer` does, or any closure over the PDF) would keep every
 * PDF of the run in memory. What stays per entry is a few hundred bytes.
 */
const streamOf = (pending: Pending) => (callback: (error: null, stream: Readable) => void) => {
  const { pdf, settle } = pending;
  pending.pdf = null;
  pending.settle = null;
  const stream = Readable.from(pdf ? [pdf] : []);
  finished(stream).then(
    () => settle?.(),
    (error: unknown) => settle?.(error),
  );
  callback(null, stream);
};

/** Adds one PDF and resolves once the zip has read it; rejects when `signal` aborts first. */
const addEntry = (
  zip: ZipFile,
  name: string,
  pdf: Buffer,
  mtime: Date,
  signal: AbortSignal,
): Promise<void> => {
  const size = pdf.length;
  const pending: Pending = { pdf, settle: null };
  return new Promise((resolve, reject) => {
    const handleAbort = () => reject(signal.reason);
    if (signal.aborted) return handleAbort();
    signal.addEventListener('abort', handleAbort, { once: true });
    pending.settle = (error) => {
      signal.removeEventListener('abort', handleAbort);
      if (error === undefined) resolve();
      else reject(error);
    };
    // PDFs are compressed already: stored as they are, which also lets yazl know each entry's size up front.
    zip.addReadStreamLazy(name, { compress: false, size, mtime }, streamOf(pending));
  });
};

/**
 * Writes the entries as one zip to `out`, one at a time: the next entry is pulled from `entries` only when the
 * previous one has gone into the zip, and the zip only goes as fast as `out` takes it (stream backpressure).
 * Resolves when `out` has finished; rejects (and destroys `out`) when an entry, the zip or `out` fails.
 */
export const writeInvoicesZip = async (
  entries: AsyncIterable<InvoiceZipEntry>,
  out: NodeJS.WritableStream,
): Promise<void> => {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const written = pipeline(output, out);
  // Whichever fails first, the zip itself or the pipe to `out` (a closed response, a full disk), stops the
  // entry being added.
  const failure = new AbortController();
  written.catch((error: unknown) => failure.abort(error));
  zip.once('error', (error: Error) => output.destroy(error));
  const names = new Set<string>();
  const mtime = new Date();
  try {
    for await (const { name, pdf } of entries) {
      await addEntry(zip, uniqueName(names, name), pdf, mtime, failure.signal);
    }
    zip.end();
    await written;
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    throw error;
  }
};
