// The link that shows a site on a map: what3words for what3words addresses, otherwise OpenStreetMap at the
// report's coordinates (the grid's words are not what3words addresses).
import type { ReportRow } from './reports.repository.ts';

export function locationLinkOf(
  report: Pick<ReportRow, 'what3words' | 'words_scheme' | 'latitude' | 'longitude'>,
): string | null {
  if (!report.what3words.trim()) return null;
  if (report.words_scheme === 'what3words') return `https://w3w.co/${encodeURIComponent(report.what3words)}`;
  if (report.latitude === null || report.longitude === null) return null;
  const la = report.latitude.toFixed(6);
  const lo = report.longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=19/${la}/${lo}`;
}
