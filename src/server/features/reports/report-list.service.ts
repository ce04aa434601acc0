// The management list's rules: a page is the filter's reports after the previous page's last one,
// each numbered by its place in the list being shown and marked when its location is shared with
// any other report; the answer's ETag changes whenever any report or the question changes. Features
// above this one add their marks to a page's reports (the partner app that made one, the owner it was
// referred to) through `marksOf`, and every change to those marks dates the report's change.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { reportPageQuerySchema, ReportListSort, ReportPage } from '#shared/contracts/reports.ts';
import { claimLapsesAt } from '#shared/domain/claims.ts';
import { toIsoOrNull } from '#server/db/tables.ts';
import { ValidationError } from '#server/errors.ts';
import type { Clock } from '#server/clock.ts';
import { NARROWING, type ListPosition, type ListRow, type ReportListRepository } from './report-list.repository.ts';
import { toReportResponse } from './reports.service.ts';

export const listMessages = {
  staleCursor: 'That page of the list is no longer valid. Start again from the first page.',
  cursorAndPosition: 'Ask for a page by its position or by where the last one ended, not both.',
} as const;

export type PageRequest = z.output<typeof reportPageQuerySchema>;

/**
 * The order a cursor belongs to: the sort, and whether priority reports come first (its three groups
 * named '+first', so a cursor from when there were two groups is refused as stale).
 */
type CursorOrder = { sort?: ReportListSort | undefined; priorityFirst?: '1' | undefined };
const orderName = ({ sort, priorityFirst }: CursorOrder) => `${sort ?? ''}${priorityFirst ? '+first' : ''}`;

/**
 * A cursor names the order it belongs to and where the page ended (with 'Priority first', in which
 * group); a cursor of another order is refused.
 */
export function encodeCursor(order: CursorOrder, position: ListPosition): string {
  const parts = [orderName(order), position.part, position.at ?? '', String(position.id)];
  if (order.priorityFirst) parts.push(String(position.group ?? 0));
  return Buffer.from(parts.join('|')).toString('base64url');
}

export function decodeCursor(text: string, order: CursorOrder): ListPosition {
  const [cursorOrder, part, at, id, group] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const valid =
    cursorOrder === orderName(order) &&
    (part === 'a' || part === 'b') &&
    /^\d+$/.test(id ?? '') &&
    (part === 'b' ? at === '' : !Number.isNaN(Date.parse(at ?? ''))) &&
    (order.priorityFirst ? group === '0' || group === '1' || group === '2' : group === undefined);
  if (!valid) throw new ValidationError(listMessages.staleCursor);
  const position: ListPosition = { part, at: part === 'b' ? null : new Date(at!).toISOString(), id: Number(id) };
  if (order.priorityFirst) position.group = group === '2' ? 2 : group === '1' ? 1 : 0;
  return position;
}

/** The filters, on which a count depends. */
const FILTER_FIELDS = ['status', ...NARROWING] as const;
/** The question's fields but its place and size, in the order its key lists them. */
const QUESTION_FIELDS = [
  'status',
  'sort',
  'q',
  'unplaced',
  'priority',
  'overdue',
  'awaitingConsent',
  'priorityFirst',
  'from',
  'to',
  'cursor',
] as const;

/** The values of these fields, an absent one as ''. */
const valuesOf = (request: PageRequest, fields: readonly (keyof PageRequest)[]) =>
  fields.map((field) => request[field] ?? '');

/** The question, in one canonical form: the same question always gives the same ETag. */
export function questionKey(request: PageRequest): string {
  return JSON.stringify([...valuesOf(request, QUESTION_FIELDS), request.position ?? 1, request.limit]);
}

/**
 * The minute the overdue filter is asked at: its answer changes as reports fall due, with no change
 * to any report, so that minute is part of its ETag and of its count's key.
 */
const overdueMinute = (request: PageRequest, now: Date) =>
  request.overdue ? new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString() : '';

/** What features above this one mark a report of a page with. */
export interface ReportMarks {
  partner?: string;
  referral?: { bodyName: string; state: NonNullable<ReportPage['reports'][number]['referral']>['state'] };
}

/** A referral on its way to the owner, or with it: the report is on the owner's clock. */
const onOwnersClock = (state: string | undefined) => state === 'waiting' || state === 'sent';

export function reportListService(deps: {
  repository: ReportListRepository;
  clock?: Clock;
  marksOf?: (reportIds: number[]) => Promise<Map<number, ReportMarks>>;
}) {
  const { repository } = deps;
  const clock = deps.clock ?? { now: () => new Date() };
  /**
   * Counts of searches and date ranges by list version: while nothing changes, the 5 s refresh of a
   * page, and the pages after it, reuse the count instead of reading every report again.
   */
  const counts = new Map<string, number>();
  async function countOf(request: PageRequest, version: string): Promise<number> {
    const now = clock.now();
    const key = JSON.stringify([version, overdueMinute(request, now), ...valuesOf(request, FILTER_FIELDS)]);
    const known = counts.get(key);
    if (known !== undefined) return known;
    const n = await repository.count({ ...request, now: now.toISOString() });
    if (counts.size >= 200) counts.delete(counts.keys().next().value!);
    counts.set(key, n);
    return n;
  }

  return {
    etagOf(request: PageRequest, version: string): string {
      return `"p-${createHash('sha256')
        .update(`${version}|${questionKey(request)}|${overdueMinute(request, clock.now())}`)
        .digest('base64url')
        .slice(0, 22)}"`;
    },

    async page(asked: PageRequest, version: string): Promise<ReportPage> {
      if (asked.cursor && asked.position !== undefined) throw new ValidationError(listMessages.cursorAndPosition);
      const request = { ...asked, now: clock.now().toISOString() };
      // One more than asked tells whether a next page exists.
      const rowsAfter = (after: ListPosition | null) =>
        repository.page(request, request.sort, after, request.limit + 1);
      // A page asked by position starts after the report just before that place; past the end of
      // the list there is none, and the page is empty.
      const skipped = (request.position ?? 1) - 1;
      if (skipped > 0) {
        const [after, total] = await Promise.all([
          repository.placeAt(request, request.sort, skipped),
          countOf(request, version),
        ]);
        if (!after) return { reports: [], total, nextCursor: null };
        return numbered(request, await rowsAfter(after), skipped, total);
      }
      const after = request.cursor ? decodeCursor(request.cursor, request) : null;
      const [rows, total, before] = await Promise.all([
        rowsAfter(after),
        countOf(request, version),
        after ? repository.countThrough(request, request.sort, after) : Promise.resolve(0),
      ]);
      return numbered(request, rows, before, total);
    },
  };

  /** A page of `rows` (one more than asked when a next page exists), the first being number `before` + 1. */
  async function numbered(
    request: PageRequest & { now: string },
    rows: ListRow[],
    before: number,
    total: number,
  ): Promise<ReportPage> {
    const shown = rows.slice(0, request.limit);
    const last = shown[shown.length - 1];
    const marks = deps.marksOf && shown.length > 0 ? await deps.marksOf(shown.map((row) => row.id)) : new Map();
    return {
      reports: shown.map((row, index) => {
        const mark: ReportMarks | undefined = marks.get(row.id);
        const dueAt = toIsoOrNull(row.due_at);
        const ownersClock = onOwnersClock(mark?.referral?.state);
        return {
          ...toReportResponse(row),
          position: before + index + 1,
          duplicate: row.duplicate,
          claimLapsesAt: claimLapsesAt({
            status: row.status,
            cleaningVolunteerId: row.cleaning_volunteer_id,
            cleaningStartedAt: toIsoOrNull(row.cleaning_started_at),
          }),
          // A report on its owner's clock is due by the owner: its card says so, not our own target.
          dueAt: ownersClock ? null : dueAt,
          referral: mark?.referral ? { ...mark.referral, dueAt: ownersClock ? dueAt : null } : null,
          partner: mark?.partner ?? null,
          ownerConsent: row.ownerConsent,
        };
      }),
      total,
      nextCursor:
        rows.length > request.limit && last
          ? encodeCursor(request, repository.positionOf(last, request, request.sort))
          : null,
    };
  }
}

export type ReportListService = ReturnType<typeof reportListService>;
