// Each wall's history: which site a report belongs to, whether it was tagged again after the site was
// cleaned, and the administrator's line about it ('reported 4 times since March, last cleaned 12 days
// ago'), its month on the city's clock.
import { isOfSite, metresBetween, SITE_RADIUS_METRES } from './site.ts';
import { METRES_PER_DEGREE } from './geo.ts';
import { cityTime, ukMonth } from './city-clock.ts';

export interface SiteHistory {
  /** How many reports the site has had (this one included). */
  reports: number;
  /** How many of them came after the site had been cleaned ('It's back', or a new report there). */
  taggedAgain: number;
  firstReportedAt: string;
  /** When any report of the site was last cleaned; null when none has been. */
  lastCleanedAt: string | null;
}

const DAY_MS = 86_400_000;

/** 'March', or 'March 2025' when it is not this year: the city's month and year. */
function monthOf(iso: string, now: Date): string {
  const time = cityTime(iso);
  const month = ukMonth(time);
  return time.year === cityTime(now).year ? month : `${month} ${time.year}`;
}

/** 'today', 'yesterday', '12 days ago'. */
function daysAgo(iso: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}

/** 'reported 4 times since March, last cleaned 12 days ago'. */
export function siteHistoryWords(history: SiteHistory, now: Date): string {
  const times = history.reports === 1 ? 'once' : `${history.reports} times`;
  const cleaned = history.lastCleanedAt ? `last cleaned ${daysAgo(history.lastCleanedAt, now)}` : 'never cleaned';
  return `reported ${times} since ${monthOf(history.firstReportedAt, now)}, ${cleaned}`;
}

/** A report as the grouping into sites reads it. */
export interface GroupedReport {
  id: number;
  what3words: string;
  latitude: number | null;
  longitude: number | null;
  reportedAt: string;
  completedAt: string | null;
}

/**
 * Groups reports into sites in the order they were reported, as each report's site is chosen when it is
 * made: the site of an earlier report at the same words, else of the nearest earlier one within the
 * site's radius, else a site of its own. A report is tagged again when its site had been cleaned before
 * it was made and had no report still open then. Answers, per report, its site (numbered from 1 in
 * order of first report) and whether it was tagged again.
 */
export function groupIntoSites(reports: readonly GroupedReport[]): Map<number, { site: number; taggedAgain: boolean }> {
  const ordered = [...reports].sort((a, b) => Date.parse(a.reportedAt) - Date.parse(b.reportedAt) || a.id - b.id);
  const out = new Map<number, { site: number; taggedAgain: boolean }>();
  const byWords = new Map<string, GroupedReport>();
  // A grid of cells the size of the radius: a report's neighbours within it lie in the 3 x 3 cells around it.
  const cellSize = SITE_RADIUS_METRES / METRES_PER_DEGREE;
  const cells = new Map<string, GroupedReport[]>();
  const cellOf = (lat: number, lng: number) => [Math.floor(lat / cellSize), Math.floor(lng / (cellSize * 2))] as const;
  const members = new Map<number, GroupedReport[]>();
  let sites = 0;
  for (const report of ordered) {
    const at =
      report.latitude !== null && report.longitude !== null
        ? { latitude: report.latitude, longitude: report.longitude }
        : null;
    let match = byWords.get(report.what3words);
    if (!match && at) {
      const [row, col] = cellOf(at.latitude, at.longitude);
      let best = Infinity;
      for (let r = row - 1; r <= row + 1; r++)
        for (let c = col - 1; c <= col + 1; c++)
          for (const other of cells.get(`${r}:${c}`) ?? []) {
            const distance = metresBetween(other, at);
            if (isOfSite(other, null, at) && distance < best) {
              best = distance;
              match = other;
            }
          }
    }
    const site = match ? out.get(match.id)!.site : ++sites;
    const earlier = members.get(site) ?? [];
    const reportedAt = Date.parse(report.reportedAt);
    const cleanedBefore = earlier.some((e) => e.completedAt !== null && Date.parse(e.completedAt) <= reportedAt);
    const openThen = earlier.some((e) => e.completedAt === null || Date.parse(e.completedAt) > reportedAt);
    out.set(report.id, { site, taggedAgain: cleanedBefore && !openThen });
    earlier.push(report);
    members.set(site, earlier);
    if (!byWords.has(report.what3words)) byWords.set(report.what3words, report);
    if (at) {
      const key = cellOf(at.latitude, at.longitude).join(':');
      cells.set(key, [...(cells.get(key) ?? []), report]);
    }
  }
  return out;
}
