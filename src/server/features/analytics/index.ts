// The analytics feature as other features see it: the CSV writer of every download, and the figures.
export { toCsv, type CsvCell } from './csv.ts';
export { statsRepository } from './stats.repository.ts';
