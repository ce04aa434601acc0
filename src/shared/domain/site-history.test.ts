// Existing reports are grouped into sites by the rule new reports follow: a history worked out by hand.
import { describe, expect, it } from 'vitest';
import { groupIntoSites, siteHistoryWords } from './site-history.ts';

const lngPerMetre = 1 / (111_195 * Math.cos((55.95 * Math.PI) / 180));
const east = (metres: number) => -3.19 + metres * lngPerMetre;
const report = (
  id: number,
  what3words: string,
  metres: number | null,
  reportedAt: string,
  completedAt: string | null,
) => ({
  id,
  what3words,
  latitude: metres === null ? null : 55.95,
  longitude: metres === null ? null : east(metres),
  reportedAt,
  completedAt,
});

describe('grouping reports into sites', () => {
  it('same words or within 25 m of an earlier report is its site; tagged again only after a clean with none open', () => {
    const grouped = groupIntoSites([
      // Given out of order: grouped in the order they were reported.
      report(4, 'd.d.d', 20, '2026-04-01T00:00:00Z', null),
      report(1, 'a.a.a', 0, '2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z'),
      report(2, 'a.a.a', null, '2026-03-05T00:00:00Z', '2026-03-10T00:00:00Z'),
      report(3, 'c.c.c', -30, '2026-03-20T00:00:00Z', null),
      report(5, 'e.e.e', 24, '2026-04-02T00:00:00Z', null),
      report(6, 'a.a.a', null, '2026-04-03T00:00:00Z', null),
    ]);
    expect(Object.fromEntries(grouped)).toEqual({
      1: { site: 1, taggedAgain: false },
      // The same words, no position: site 1, reported while 1 was open.
      2: { site: 1, taggedAgain: false },
      // 30 m west: a site of its own.
      3: { site: 2, taggedAgain: false },
      // 20 m east, after site 1 was cleaned with nothing open.
      4: { site: 1, taggedAgain: true },
      // 24 m east of the wall, 4 m from report 4: site 1, which 4 has opened again.
      5: { site: 1, taggedAgain: false },
      6: { site: 1, taggedAgain: false },
    });
  });

  it('says the history in the administrators words', () => {
    const now = new Date('2026-05-02T10:00:00Z');
    const history = {
      reports: 4,
      taggedAgain: 2,
      firstReportedAt: '2026-03-02T10:00:00Z',
      lastCleanedAt: '2026-04-20T10:00:00Z',
    };
    expect(siteHistoryWords(history, now)).toBe('reported 4 times since March, last cleaned 12 days ago');
    expect(
      siteHistoryWords(
        { ...history, firstReportedAt: '2025-11-02T10:00:00Z', lastCleanedAt: '2026-05-02T08:00:00Z' },
        now,
      ),
    ).toBe('reported 4 times since November 2025, last cleaned today');
  });
});
