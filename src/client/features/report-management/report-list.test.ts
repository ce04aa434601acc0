import { describe, expect, it } from 'vitest';
import type { Report } from '#shared/contracts/reports.ts';
import { duplicateIds, nextSort, visibleReports } from './report-list.ts';

const report = (
  id: number,
  what3words: string,
  status: Report['status'],
  reportedAt: string,
  completedAt: string | null = null,
): Report => ({
  id,
  what3words,
  description: null,
  photoUrl: `/photos/${id}.jpg`,
  thumbnailUrl: `/photos/${id}-thumb.jpg`,
  status,
  reportedAt,
  completedAt,
  latitude: null,
  longitude: null,
  locationSource: null,
  locationStatus: 'checked',
  photoRedacted: false,
});

// As the server sends them: newest first.
const reports = [
  report(4, 'index.home.raft', 'reported', '2026-11-04T10:00:00.000Z'),
  report(3, 'filled.count.soap', 'completed', '2026-11-03T10:00:00.000Z', '2026-11-05T10:00:00.000Z'),
  report(2, '///Index.Home.Raft', 'cleaning', '2026-11-02T10:00:00.000Z'),
  report(1, 'daring.lion.race', 'completed', '2026-11-01T10:00:00.000Z', '2026-11-06T10:00:00.000Z'),
];
const ids = (list: Report[]) => list.map((r) => r.id);

describe('the management dashboard list', () => {
  it('filters by status, and All shows every report in the server order', () => {
    expect(ids(visibleReports(reports, 'reported', null))).toEqual([4]);
    expect(ids(visibleReports(reports, 'cleaning', null))).toEqual([2]);
    expect(ids(visibleReports(reports, 'completed', null))).toEqual([3, 1]);
    expect(ids(visibleReports(reports, 'all', null))).toEqual([4, 3, 2, 1]);
  });

  it('sorts by date reported or cleaned, either way; reports not cleaned go last', () => {
    expect(ids(visibleReports(reports, 'all', 'reported-oldest'))).toEqual([1, 2, 3, 4]);
    expect(ids(visibleReports(reports, 'all', 'reported-newest'))).toEqual([4, 3, 2, 1]);
    expect(ids(visibleReports(reports, 'all', 'cleaned-newest'))).toEqual([1, 3, 4, 2]);
    expect(ids(visibleReports(reports, 'all', 'cleaned-oldest'))).toEqual([3, 1, 4, 2]);
  });

  it('pressing the active sort clears it', () => {
    expect(nextSort(null, 'cleaned-newest')).toBe('cleaned-newest');
    expect(nextSort('cleaned-newest', 'cleaned-oldest')).toBe('cleaned-oldest');
    expect(nextSort('cleaned-oldest', 'cleaned-oldest')).toBeNull();
  });

  it('marks reports sharing a normalised location as duplicates', () => {
    expect([...duplicateIds(reports)].sort()).toEqual([2, 4]);
  });
});
