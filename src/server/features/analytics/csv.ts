// RFC 4180 CSV: CRLF line ends, and a field holding a comma, a quote or a line break is quoted with
// its quotes doubled. Text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed
// with an apostrophe, so an export can never carry a live formula.

export type CsvCell = string | number | null | undefined;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
