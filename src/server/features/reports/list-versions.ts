// The report list's version as this process knows it, so an unchanged list is answered 304 without
// asking the database, and the dashboards' change streams hear of a change as it happens.
// The database's triggers move the version in the transaction of every change to reports. A change
// through this process forgets the known version once it commits (the reports repository, the one
// writer, tells). On PostgreSQL, a change through any process sends a NOTIFY (021-report-list-notify)
// that does the same here; while the listening connection is down, nothing is trusted and every ask
// reads the version's row.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '#server/db/client.ts';
import { onReportsWritten, reportsRepository } from './reports.repository.ts';

/** The channel 021-report-list-notify's trigger notifies on. */
const REPORT_LIST_CHANNEL = 'report_list_changed';

/** While change streams listen and the version cannot be read (the database is away), it is tried again this often. */
const RETRY_MS = 1_000;

export function listVersions({
  database,
  log,
}: {
  database: DatabaseHandle;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}) {
  const repository = reportsRepository(database.db);
  let known: string | undefined;
  /** Moves on every sign that the list may have changed; a read kept only if it did not move meanwhile. */
  let generation = 0;
  /** SQLite is one process, and every change to reports is told by its one writer. PostgreSQL: only while listening. */
  let trusted = database.listen === undefined;
  let closed = false;
  const listeners = new Set<(version: string) => void>();
  let lastTold: string | undefined;
  let refreshing: Promise<void> | undefined;
  let again = false;
  let retry: NodeJS.Timeout | undefined;

  async function read(): Promise<string> {
    const started = generation;
    const version = await repository.listVersion();
    if (generation === started && trusted && !closed) known = version;
    return version;
  }

  /** Reads the version for the change streams, once at a time, and tells them when it moved. */
  function refresh(): void {
    if (refreshing) {
      again = true;
      return;
    }
    refreshing = (async () => {
      do {
        again = false;
        const version = await read();
        if (version !== lastTold) {
          lastTold = version;
          for (const listener of listeners) listener(version);
        }
      } while (again && listeners.size > 0);
    })()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'the report list version could not be read; trying again');
        if (!retry && !closed) {
          retry = setTimeout(() => {
            retry = undefined;
            if (listeners.size > 0) refresh();
          }, RETRY_MS);
          retry.unref();
        }
      })
      .finally(() => {
        refreshing = undefined;
      });
  }

  function changed(): void {
    generation++;
    known = undefined;
    if (listeners.size > 0 && !closed) refresh();
  }

  const stopWatching = onReportsWritten(database.db, changed);
  const stopListening = database.listen?.(REPORT_LIST_CHANNEL, {
    notified: changed,
    connected() {
      trusted = true;
      changed();
    },
    lost(error) {
      trusted = false;
      changed();
      log.warn(
        { err: error },
        'the report list lost its change notifications; reading the database until they are back',
      );
    },
  });

  return {
    /** The version now: from memory when it is known and trusted, else read (and kept when nothing moved meanwhile). */
    current: (): Promise<string> => (trusted && known !== undefined ? Promise.resolve(known) : read()),
    /** The version read from the database, whatever is known (and kept when nothing moved meanwhile). */
    confirmed: read,
    /** `listener` hears each new version while subscribed (and perhaps one it already has). */
    subscribe(listener: (version: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stops listening; the known version is no longer trusted. */
    async close() {
      closed = true;
      trusted = false;
      known = undefined;
      listeners.clear();
      if (retry) clearTimeout(retry);
      stopWatching();
      await stopListening?.();
      await refreshing;
    },
  };
}

export type ListVersions = ReturnType<typeof listVersions>;
