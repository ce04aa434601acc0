// The management list's queries: one filtered, sorted page at a time by keyset (the page after a
// given report, never an OFFSET over rows), how many match, how many come before a page (its first
// 'Report #n'), where the report at a given 'Report #n' sits (an OFFSET over the sort's index alone,
// to go straight to a place far down the list), and, on each report of a page, whether another
// report shares its location. Indexes:
// 010-report-list, 018-report-list-priority for the priority filter, 050-me-too for the groups of
// 'Priority first', 047-service-levels for 'Due: soonest' and the overdue filter, and
// 053-owner-consent-awaiting for reports waiting for their owner's consent (a table the clean-ups
// feature writes; read here only).
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { ReportFilter, ReportListSort } from '#shared/contracts/reports.ts';
import { cityDayStart } from '#shared/domain/city-clock.ts';
import type { Db } from '#server/db/client.ts';
import type { Dialect } from '#server/db/migrations/column-kit.ts';
import type { Tables } from '#server/db/tables.ts';
import { toIso } from '#server/db/tables.ts';
import type { ReportRow } from './reports.repository.ts';

type Eb = ExpressionBuilder<Tables, 'reports'>;

/** The owner's consent a report on private property needs: marked, then given (both null until then). */
export type ConsentMark = { givenBy: string | null; givenAt: string | null } | null;

/**
 * A report of a page: its row, whether any other report has the same three-word location, and the
 * owner's consent it needs (null when it needs none).
 */
export type ListRow = ReportRow & { duplicate: boolean; ownerConsent: ConsentMark };

/**
 * Whether another report, anywhere in the data and whatever its status, has this report's location:
 * one look-up in the location index per report, read in the page's own query.
 */
const sharesLocation = (eb: Eb) =>
  eb
    .exists(
      eb
        .selectFrom('reports as other')
        .select(sql<number>`1`.as('one'))
        .whereRef('other.what3words', '=', 'reports.what3words')
        .whereRef('other.id', '!=', 'reports.id'),
    )
    .as('duplicate');

/** One column of the report's consent row, if it has one: a look-up by its key, read in the page's own query. */
const consentColumn = (eb: Eb, column: 'marked_at' | 'given_by' | 'given_at') =>
  eb
    .selectFrom('report_owner_consents as consent')
    .select(`consent.${column}`)
    .whereRef('consent.report_id', '=', 'reports.id')
    .as(`consent_${column}`);

const consentMarks = (eb: Eb) => [
  consentColumn(eb, 'marked_at'),
  consentColumn(eb, 'given_by'),
  consentColumn(eb, 'given_at'),
];

/** Reports waiting for their owner's consent, read from the index of those alone. */
const awaitingConsent = (eb: Eb) =>
  eb('id', 'in', eb.selectFrom('report_owner_consents').select('report_id').where('given_at', 'is', null));

/**
 * The groups of 'Priority first', in the order shown: offensive reports (2), then those with a
 * 'Me too' (1), then the rest (0). A report's group is its `priority_rank`, kept by the reports
 * repository with each change of its priority mark or 'Me too' count, so each group is read by
 * plain equality in an index's order.
 */
export type ListGroup = 0 | 1 | 2;
const GROUPS: readonly ListGroup[] = [2, 1, 0];

/**
 * A filter, narrowed (inside the repository) to one group of 'Priority first';
 * `now` is the instant the overdue filter compares due times with.
 */
export type ListFilter = ReportFilter & { group?: ListGroup; now?: string };

/**
 * Where a page ends, as the sort sees it. The cleaned sorts put the reports not cleaned yet after
 * the cleaned ones ('b', newest report first); every other position is in part 'a'.
 */
export interface ListPosition {
  part: 'a' | 'b';
  /** The sort's time (reported_at, or completed_at in part 'a' of a cleaned sort); none in part 'b'. */
  at: string | null;
  id: number;
  /** With 'Priority first': the group it is in (see ListGroup). */
  group?: ListGroup;
}

interface Order {
  column: 'reported_at' | 'completed_at' | 'due_at';
  direction: 'asc' | 'desc';
  /** Whether part 'b' (not cleaned yet) exists. */
  split: boolean;
}

/** The order a read walks: a sort's, or part 'b' of a cleaned sort (newest report first). */
type KeyOrder = { column: Order['column'] | 'id'; direction: Order['direction'] };
const NEWEST_FIRST: KeyOrder = { column: 'id', direction: 'desc' };

const ORDERS: Record<ReportListSort, Order> = {
  'reported-newest': { column: 'reported_at', direction: 'desc', split: false },
  'reported-oldest': { column: 'reported_at', direction: 'asc', split: false },
  'cleaned-newest': { column: 'completed_at', direction: 'desc', split: true },
  'cleaned-oldest': { column: 'completed_at', direction: 'asc', split: true },
  // Reports without a due time (none of the service's own) come after the rest, newest first.
  'due-soonest': { column: 'due_at', direction: 'asc', split: true },
};

/** A sort's order; without one, newest reported first. */
const orderOf = (sort: ReportListSort | undefined): Order => ORDERS[sort ?? 'reported-newest'];

/** LIKE text for "contains", with the pattern characters taken literally. */
const containsPattern = (word: string) => `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether a search word is looked up in the trigram index (shorter ones have no trigram to look up). */
const indexedWord = (word: string) => [...word].length >= 3;

/**
 * Reports whose location or description contains a word. Words of three characters or more are looked up
 * in the trigram index: on SQLite the FTS5 table (010-report-search), where a quoted phrase matches any
 * text containing it; on PostgreSQL the GIN index of `search_text` (035-report-list-reads), the location
 * and description lower-cased and joined by a space, serves the LIKE itself. Shorter words are read through.
 */
function containsWord(eb: Eb, word: string, dialect: Dialect): Expression<SqlBool> {
  if (dialect === 'sqlite' && indexedWord(word)) return containsAll(eb, [word]);
  const pattern = containsPattern(word);
  if (dialect === 'postgres') return sql<SqlBool>`search_text like ${pattern} escape '\\'`;
  return eb.or([
    sql<SqlBool>`lower(what3words) like ${pattern} escape '\\'`,
    sql<SqlBool>`lower(coalesce(description, '')) like ${pattern} escape '\\'`,
  ]);
}

/**
 * On SQLite, reports containing every one of these words (three characters or more), in one look-up
 * of the FTS5 table: its query ANDs the quoted phrases itself. One subquery per word instead made
 * SQLite step through the pairs of both id lists, far slower at a city's volume than one look-up.
 */
function containsAll(eb: Eb, words: string[]): Expression<SqlBool> {
  const query = words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' ');
  return eb('id', 'in', sql<number>`(select rowid from reports_search where reports_search match ${query})`);
}

/**
 * A search's words as the list looks them up: '#123' is a report number and nothing else; any other
 * word is text to find (without the leading slashes of '///words' as copied from a map app; slashes
 * alone ask for nothing), and a number may also be a report number.
 */
type SearchTerm = { id: number; text?: undefined } | { text: string; id?: number };
function searchTerms(filter: ReportFilter): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean)) {
    const hashed = /^#(\d{1,9})$/.exec(word);
    if (hashed) {
      terms.push({ id: Number(hashed[1]) });
      continue;
    }
    const text = word.replace(/^\/+/, '');
    if (text) terms.push(/^\d{1,9}$/.test(word) ? { text, id: Number(word) } : { text });
  }
  return terms;
}

function filterWhere(eb: Eb, filter: ListFilter, dialect: Dialect): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (filter.status !== 'all') all.push(eb('status', '=', filter.status));
  if (filter.priority) all.push(eb('priority', '=', 1));
  if (filter.overdue) {
    all.push(eb('status', '!=', 'completed'));
    all.push(eb('due_at', '<', filter.now ?? new Date().toISOString()));
  }
  if (filter.group !== undefined) all.push(eb('priority_rank', '=', filter.group));
  if (filter.awaitingConsent) all.push(awaitingConsent(eb));
  // Unplaced: no map position, or typed words still to be checked (or never found) by the provider.
  if (filter.unplaced) all.push(eb.or([eb('latitude', 'is', null), eb('location_status', '!=', 'checked')]));
  // A day's midnight GMT falls on that same day in the city, whose clock is never behind GMT.
  if (filter.from) all.push(eb('reported_at', '>=', cityDayStart(new Date(filter.from)).toISOString()));
  if (filter.to) all.push(eb('reported_at', '<', cityDayStart(new Date(filter.to), 1).toISOString()));
  let terms = searchTerms(filter);
  if (dialect === 'sqlite') {
    // The words that are only text and long enough for the trigram table are looked up together.
    const together = terms.filter((term) => term.text !== undefined && term.id === undefined && indexedWord(term.text));
    if (together.length > 1) {
      const words = together.map((term) => term.text!);
      all.push(containsAll(eb, words));
      terms = terms.filter((term) => !together.includes(term));
    }
  }
  for (const term of terms) {
    if (term.text === undefined) {
      all.push(eb('id', '=', term.id));
      continue;
    }
    const either: Expression<SqlBool>[] = [containsWord(eb, term.text, dialect)];
    if (term.id !== undefined) either.push(eb('id', '=', term.id));
    all.push(eb.or(either));
  }
  return eb.and(all);
}

/**
 * The sort key compared with a position: after it in the order (`after`), or up to and including it
 * (`through`). Only plain AND-able comparisons, so each part is read in index order.
 */
function keyCompare(eb: Eb, order: Order, at: ListPosition, mode: 'after' | 'through'): Expression<SqlBool> {
  const op = order.direction === 'desc' ? (mode === 'after' ? '<' : '>=') : mode === 'after' ? '>' : '<=';
  return eb(eb.refTuple(order.column, 'id'), op, eb.tuple(at.at!, at.id));
}

/** The group of 'Priority first' a report is in. */
const rankOf = (row: ReportRow): ListGroup => {
  const rank = Number(row.priority_rank);
  return rank === 2 || rank === 1 ? rank : 0;
};

/** The filters besides the status: with any of them, the reports are counted. */
export const NARROWING = ['q', 'unplaced', 'priority', 'overdue', 'awaitingConsent', 'from', 'to'] as const;

export function reportListRepository(db: Db, dialect: Dialect) {
  const filtered = (filter: ListFilter) => db.selectFrom('reports').where((eb) => filterWhere(eb, filter, dialect));

  async function count(filter: ListFilter, where?: (eb: Eb) => Expression<SqlBool>): Promise<number> {
    let query = filtered(filter);
    if (where) query = query.where(where);
    const row = await query.select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many come up to and including `position` in one sort's order (one group of 'Priority first'). */
  async function countThroughIn(filter: ListFilter, order: Order, position: ListPosition): Promise<number> {
    if (!order.split) return count(filter, (eb) => keyCompare(eb, order, position, 'through'));
    if (position.part === 'a') {
      return count(filter, (eb) =>
        eb.and([eb(order.column, 'is not', null), keyCompare(eb, order, position, 'through')]),
      );
    }
    // Part 'b' (newest report first) comes after every cleaned report.
    const [cleaned, upTo] = await Promise.all([
      count(filter, (eb) => eb(order.column, 'is not', null)),
      count(filter, (eb) => eb.and([eb(order.column, 'is', null), eb('id', '>=', position.id)])),
    ]);
    return cleaned + upTo;
  }

  /**
   * What a filter selects with `where` besides, in the sort's order. On PostgreSQL a search reads its
   * matches from the trigram index first (the subquery with OFFSET 0, which the planner keeps apart)
   * and sorts those: walking the sort's index and testing each report instead costs as much as the
   * reports before the 50th match, tens of thousands for a rare word, where reading the matches costs
   * no more than counting them, which the page's total does anyway.
   */
  function ordered(filter: ListFilter, where: (eb: Eb) => Expression<SqlBool>, order: KeyOrder) {
    const matching = filtered(filter).where(where);
    const searched =
      dialect === 'postgres' && searchTerms(filter).some((term) => term.text !== undefined && indexedWord(term.text));
    const rows = searched ? db.selectFrom(matching.selectAll().offset(0).as('reports')) : matching;
    return order.column === 'id'
      ? rows.orderBy('id', order.direction)
      : rows.orderBy(order.column, order.direction).orderBy('id', order.direction);
  }

  /** At most `limit` of those reports, each with its duplicate mark and owner's consent. */
  async function read(filter: ListFilter, where: (eb: Eb) => Expression<SqlBool>, order: KeyOrder, limit: number) {
    const rows = await ordered(filter, where, order)
      .selectAll()
      .select(sharesLocation)
      .select(consentMarks)
      .limit(limit)
      .execute();
    return rows.map(({ consent_marked_at, consent_given_by, consent_given_at, ...row }) => ({
      ...row,
      // SQLite answers the mark as 0 or 1, PostgreSQL as a boolean.
      duplicate: Boolean(row.duplicate),
      ownerConsent:
        consent_marked_at === null
          ? null
          : {
              givenBy: consent_given_by === null ? null : String(consent_given_by),
              givenAt: consent_given_at === null ? null : toIso(consent_given_at),
            },
    }));
  }

  /**
   * The sort key of the report `skip` places into those reports: only the key is read, so both
   * databases step over the skipped reports in the sort's index without reading a row.
   */
  function keyAfterSkipping(filter: ListFilter, where: (eb: Eb) => Expression<SqlBool>, order: KeyOrder, skip: number) {
    return ordered(filter, where, order)
      .select([sql.ref<unknown>(order.column).as('at'), 'id'])
      .limit(1)
      .offset(skip)
      .executeTakeFirst();
  }

  /** Where the report at `place` (from 1) sits in one sort's order (one group of 'Priority first'); null past the end. */
  async function placeIn(filter: ListFilter, order: Order, place: number): Promise<ListPosition | null> {
    const found = (part: 'a' | 'b', key: { at: unknown; id: number } | undefined): ListPosition | null =>
      key ? { part, at: part === 'a' ? toIso(key.at as string | Date) : null, id: key.id } : null;
    if (!order.split) return found('a', await keyAfterSkipping(filter, (eb) => eb.and([]), order, place - 1));
    const cleaned = await count(filter, (eb) => eb(order.column, 'is not', null));
    if (place <= cleaned) {
      return found('a', await keyAfterSkipping(filter, (eb) => eb(order.column, 'is not', null), order, place - 1));
    }
    const uncleaned = (eb: Eb) => eb(order.column, 'is', null);
    return found('b', await keyAfterSkipping(filter, uncleaned, NEWEST_FIRST, place - cleaned - 1));
  }

  /** Up to `limit` reports after `after` in one sort's order (one group of 'Priority first'). */
  async function pageIn(
    filter: ListFilter,
    order: Order,
    after: ListPosition | null,
    limit: number,
  ): Promise<ListRow[]> {
    const afterKey = (eb: Eb) => (after ? keyCompare(eb, order, after, 'after') : eb.and([]));
    if (!order.split) return read(filter, afterKey, order, limit);
    // Two index-ordered reads instead of one sort over a computed key: the cleaned ones, then the rest.
    const rows: ListRow[] = [];
    if (!after || after.part === 'a') {
      const cleaned = (eb: Eb) => eb.and([eb(order.column, 'is not', null), afterKey(eb)]);
      rows.push(...(await read(filter, cleaned, order, limit)));
    }
    if (rows.length < limit) {
      const rest = (eb: Eb) =>
        eb.and([eb(order.column, 'is', null), after?.part === 'b' ? eb('id', '<', after.id) : eb.and([])]);
      rows.push(...(await read(filter, rest, NEWEST_FIRST, limit - rows.length)));
    }
    return rows;
  }

  return {
    /**
     * How many reports the filter selects. A status filter alone is read from the counts the
     * triggers keep; anything else is counted.
     */
    async count(filter: ListFilter): Promise<number> {
      if (NARROWING.some((key) => filter[key])) return count(filter);
      const state = await db
        .selectFrom('report_list_state')
        .select(['reported', 'cleaning', 'completed'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const n = filter.status === 'all' ? state.reported + state.cleaning + state.completed : state[filter.status];
      return Number(n);
    },

    /** How many come before the report after `position`, counting it: the number of the next card, less one. */
    async countThrough(filter: ListFilter, sort: ReportListSort | undefined, position: ListPosition) {
      const order = orderOf(sort);
      if (!filter.priorityFirst) return countThroughIn(filter, order, position);
      const group = position.group ?? 0;
      // Every report of the groups shown before its own comes before it.
      const counts = await Promise.all([
        ...GROUPS.filter((above) => above > group).map((above) => count({ ...filter, group: above })),
        countThroughIn({ ...filter, group }, order, position),
      ]);
      return counts.reduce((sum, n) => sum + n, 0);
    },

    /**
     * Up to `limit` reports after `after` (from the top without it), in the sort's order; with
     * 'Priority first', each group in that order, one group after the other.
     */
    async page(
      filter: ListFilter,
      sort: ReportListSort | undefined,
      after: ListPosition | null,
      limit: number,
    ): Promise<ListRow[]> {
      const order = orderOf(sort);
      if (!filter.priorityFirst) return pageIn(filter, order, after, limit);
      const rows: ListRow[] = [];
      const start = after?.group ?? GROUPS[0]!;
      for (const group of GROUPS.filter((g) => g <= start)) {
        if (rows.length >= limit) break;
        const from = group === start ? after : null;
        rows.push(...(await pageIn({ ...filter, group }, order, from, limit - rows.length)));
      }
      return rows;
    },

    /**
     * Where the report at `place` (from 1) sits in the list being shown, to start a page after it;
     * null when the list is shorter.
     */
    async placeAt(filter: ListFilter, sort: ReportListSort | undefined, place: number): Promise<ListPosition | null> {
      const order = orderOf(sort);
      if (!filter.priorityFirst) return placeIn(filter, order, place);
      let before = 0;
      for (const group of GROUPS) {
        const inGroup = group === 0 ? Infinity : await count({ ...filter, group });
        if (place - before <= inGroup) {
          const position = await placeIn({ ...filter, group }, order, place - before);
          return position && { ...position, group };
        }
        before += inGroup;
      }
      return null;
    },

    /** Where a row sits in the order (the sort's, and with 'Priority first' its group), to continue after it. */
    positionOf(row: ReportRow, filter: ListFilter, sort: ReportListSort | undefined): ListPosition {
      const order = orderOf(sort);
      const at = row[order.column];
      const group = filter.priorityFirst ? { group: rankOf(row) } : {};
      if (order.split && (at === null || at === undefined)) return { part: 'b', at: null, id: row.id, ...group };
      return { part: 'a', at: toIso(at!), id: row.id, ...group };
    },

    /** Every report the filter selects, in the sort's order, a batch at a time (for the CSV). */
    async *all(filter: ListFilter, sort: ReportListSort | undefined, batch = 2000): AsyncGenerator<ListRow[]> {
      let after: ListPosition | null = null;
      for (;;) {
        const rows = await this.page(filter, sort, after, batch);
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
        after = this.positionOf(rows[rows.length - 1]!, filter, sort);
      }
    },
  };
}

export type ReportListRepository = ReturnType<typeof reportListRepository>;
