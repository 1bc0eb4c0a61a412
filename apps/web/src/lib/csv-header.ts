/**
 * The start of a CSV file read in the browser, before it is uploaded: the names of its first line (quoted
 * names unquoted, a byte-order mark dropped) and a few lines after it, so a column can be chosen for each field
 * with an example of what it holds. Only the first 64 KB are read, however large the file.
 */

const HEAD_BYTES = 64 * 1024;

/** One CSV line's cells ("" for a quote inside quotes). */
const cellsOf = (line: string) => {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (char === ',' && !quoted) {
      cells.push(current.trim());
      current = '';
    } else current += char;
  }
  cells.push(current.trim());
  return cells;
};

export type CsvHead = {
  /** The column names, each once, blanks left out. */
  header: string[];
  /** The first lines after the header, each cell by its column's name. */
  samples: Array<Record<string, string>>;
};

/** The file's column names and up to `sampleLines` lines after the header. */
export const readCsvHead = async (file: Blob, sampleLines = 3): Promise<CsvHead> => {
  const text = (await file.slice(0, HEAD_BYTES).text()).replace(/^\uFEFF/, '');
  const [first = '', ...lines] = text.split(/\r?\n/);
  const rest = file.size > HEAD_BYTES ? lines.slice(0, -1) : lines;
  const names = cellsOf(first);
  // The last line read may be cut at 64 KB: only whole lines before it are examples.
  const samples = rest
    .filter((line) => line.trim() !== '')
    .slice(0, sampleLines)
    .map((line) => {
      const cells = cellsOf(line);
      return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
    });
  return { header: [...new Set(names.filter(Boolean))], samples };
};

/** The names of a CSV file's first line (what a column mapping chooses from). */
export const readCsvHeader = async (file: Blob) => (await readCsvHead(file, 0)).header;
