// The management list's rules: a page is the filter's reports after the previous page's last one,
// each numbered by its place in the list being shown and marked when its location is shared with
// any other report; the answer's ETag changes whenever any report or the question changes.
import { createHash } from 'node:crypto';
import type { ReportFilter, ReportListSort, ReportPage } from '#shared/contracts/report-list.ts';
import { ValidationError } from '#server/errors.ts';
import type { ListPosition, ReportListRepository } from './report-list.repository.ts';
import { toReportResponse } from './reports.service.ts';

export const listMessages = {
  staleCursor: 'That page of the list is no longer valid. Start again from the first page.',
} as const;

export interface PageRequest extends ReportFilter {
  cursor?: string;
  limit: number;
}

/** A cursor names the sort it belongs to and where the page ended; a cursor of another sort is refused. */
export function encodeCursor(sort: ReportListSort | undefined, position: ListPosition): string {
  const parts = [sort ?? '', position.part, position.at ?? '', String(position.id)];
  return Buffer.from(parts.join('|')).toString('base64url');
}

export function decodeCursor(text: string, sort: ReportListSort | undefined): ListPosition {
  const [cursorSort, part, at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const valid =
    cursorSort === (sort ?? '') &&
    (part === 'a' || part === 'b') &&
    /^\d+$/.test(id ?? '') &&
    (part === 'b' ? at === '' : !Number.isNaN(Date.parse(at ?? '')));
  if (!valid) throw new ValidationError(listMessages.staleCursor);
  return { part, at: part === 'b' ? null : new Date(at!).toISOString(), id: Number(id) };
}

/** The question, in one canonical form: the same question always gives the same ETag. */
export function questionKey(request: PageRequest): string {
  const { status, sort, q, unplaced, from, to, cursor, limit } = request;
  return JSON.stringify([status, sort ?? '', q ?? '', unplaced ?? '', from ?? '', to ?? '', cursor ?? '', limit]);
}

export function reportListService(deps: { repository: ReportListRepository; listVersion: () => Promise<string> }) {
  const { repository } = deps;
  /**
   * Counts of searches and date ranges by list version: while nothing changes, the 5 s refresh of a
   * page, and the pages after it, reuse the count instead of reading every report again.
   */
  const counts = new Map<string, number>();
  async function countOf(request: PageRequest, version: string): Promise<number> {
    const { status, q, unplaced, from, to } = request;
    const key = JSON.stringify([version, status, q ?? '', unplaced ?? '', from ?? '', to ?? '']);
    const known = counts.get(key);
    if (known !== undefined) return known;
    const n = await repository.count(request);
    if (counts.size >= 200) counts.delete(counts.keys().next().value!);
    counts.set(key, n);
    return n;
  }

  return {
    /** The list's version now (read once per request, for the ETag and the cached counts). */
    version: () => deps.listVersion(),

    etagOf(request: PageRequest, version: string): string {
      return `"p-${createHash('sha256')
        .update(`${version}|${questionKey(request)}`)
        .digest('base64url')
        .slice(0, 22)}"`;
    },

    async page(request: PageRequest, version: string): Promise<ReportPage> {
      const after = request.cursor ? decodeCursor(request.cursor, request.sort) : null;
      // One more than asked tells whether a next page exists.
      const [rows, total, before] = await Promise.all([
        repository.page(request, request.sort, after, request.limit + 1),
        countOf(request, version),
        after ? repository.countThrough(request, request.sort, after) : Promise.resolve(0),
      ]);
      const shown = rows.slice(0, request.limit);
      const shared = await repository.sharedLocations(shown.map((row) => row.what3words));
      const last = shown[shown.length - 1];
      return {
        reports: shown.map((row, index) => ({
          ...toReportResponse(row),
          position: before + index + 1,
          duplicate: shared.has(row.what3words),
        })),
        total,
        nextCursor:
          rows.length > request.limit && last
            ? encodeCursor(request.sort, repository.positionOf(last, request.sort))
            : null,
      };
    },
  };
}

export type ReportListService = ReturnType<typeof reportListService>;
