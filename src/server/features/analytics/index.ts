// The analytics feature as other features see it: the CSV writer of every download.
export { toCsv, type CsvCell } from './csv.ts';
