/**
 * CSV for spreadsheets (the warehouse's batch, finance's ledger, the tracking import): RFC 4180 quoting,
 * and formula injection neutralised (docs/security.md "Points mall desk"): a cell a spreadsheet would
 * read as a formula — starting with = + - @, a tab or a carriage return — is written with a leading
 * apostrophe, so `=HYPERLINK(…)` in a reader's address arrives as text. Numbers the file itself writes
 * (points, balances, which may be negative) are passed as numbers and left alone.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text is neutralised and quoted when needed; a number is written as is. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a BOM so spreadsheet programs read UTF-8 Chinese, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Parses CSV text (quoted cells, doubled quotes, CRLF or LF, a leading BOM); blank lines are dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}
