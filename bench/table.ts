// The bench's closing table: one row per figure, with its budget and whether it was met.

export interface Row {
  metric: string;
  value: string;
  budget: string;
  /** The limit measured in the same run that the figure is judged against, where there is one. */
  limit?: string;
  /** '' for a figure without a budget; SKIP when it could not be measured. */
  status: 'PASS' | 'FAIL' | 'SKIP' | '';
}

export function formatTable(rows: Row[]): string {
  const header: Row = { metric: 'Metric', value: 'Value', budget: 'Budget', limit: 'Limit (same run)', status: '' };
  const cells = [header, ...rows].map((row) => [
    row.metric,
    row.value,
    row.budget,
    row.limit ?? '-',
    row.status === '' && row !== header ? '-' : row.status || 'Result',
  ]);
  const widths = [0, 1, 2, 3, 4].map((column) => Math.max(...cells.map((line) => line[column]!.length)));
  const format = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [format(cells[0]!), rule, ...cells.slice(1).map(format)].join('\n');
}

/** The value at quantile `q` (0-1) of some timings. */
export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** The median of some values. */
export const median = (values: number[]) => percentile(values, 0.5);

/** A figure beside its budget: '82% of budget'. */
export const ratio = (value: number, budget: number) => `${Math.round((value / budget) * 100)}% of budget`;
