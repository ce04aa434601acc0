// Reports kept on this device until the server has them: a report is never lost to a bad signal. A report is written to IndexedDB before its upload starts and deleted once the server
// answers, so closing the page mid-upload loses nothing; every try reuses the report's idempotency key,
// so the server stores it once however many tries it takes. Loaded lazily by use-report-queue.ts.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CreatedReport } from '#shared/contracts/reports.ts';
import { sendReport, type ReportSubmission } from '../api/send-report.ts';
import type { WaitReason } from './queue-messages.ts';
import { afterFailure, retryDelayMs, serverWaitMs, waitReasonOf } from './queue-policy.ts';

export type SubmitOutcome = { kind: 'sent'; report: CreatedReport } | { kind: 'saved'; reason: WaitReason };

export interface QueueEvents {
  /** How many reports wait on this device (in this tab or another one). */
  onWaiting(count: number): void;
  /** Reports kept earlier that have now reached the server. */
  onSent(reports: CreatedReport[]): void;
  /** A kept report the server refused for good (a 4xx); it has been removed. */
  onRefused(error: unknown): void;
}

interface StoredReport extends Omit<ReportSubmission, 'photo'> {
  /** Bytes rather than a Blob: some Safari versions cannot keep Blobs in IndexedDB. */
  photoBytes: ArrayBuffer;
  photoType: string;
  savedAt: number;
}

/** A report sent from this device: its reference and the private link to its status page. */
export type MyReport = Pick<CreatedReport, 'id' | 'what3words' | 'reportedAt'> & { statusToken: string };

interface QueueSchema extends DBSchema {
  'pending-reports': { key: string; value: StoredReport };
  'my-reports': { key: string; value: MyReport };
}

const DB_NAME = 'clean-up-edinburgh';
const STORE = 'pending-reports';
const MINE = 'my-reports';
/** One sender at a time across every tab of this site. */
const LOCK_NAME = 'report-queue';

let dbPromise: Promise<IDBPDatabase<QueueSchema>> | null = null;

/** The queue's database, or null where there is none (some private modes, storage switched off). */
async function database(): Promise<IDBPDatabase<QueueSchema> | null> {
  dbPromise ??= openDB<QueueSchema>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(STORE, { keyPath: 'idempotencyKey' });
      // Version 2: the reports sent from this device, for 'My reports'.
      if (oldVersion < 2) db.createObjectStore(MINE, { keyPath: 'statusToken' });
    },
  });
  try {
    return await dbPromise;
  } catch {
    dbPromise = null; // try again next time: the failure may have been passing
    return null;
  }
}

/** Keeps a sent report's reference and status link on this device (nothing when there is no storage). */
export async function rememberReport({
  id,
  statusToken,
  what3words,
  reportedAt,
}: Pick<CreatedReport, 'id' | 'statusToken' | 'what3words' | 'reportedAt'>): Promise<void> {
  if (!statusToken) return;
  const db = await database();
  await db?.put(MINE, { id, statusToken, what3words, reportedAt }).catch(() => undefined);
}

/** The reports sent from this device, newest first. */
export async function myReports(): Promise<MyReport[]> {
  const db = await database();
  const all = db ? await db.getAll(MINE).catch(() => [] as MyReport[]) : [];
  return all.sort((a, b) => b.reportedAt.localeCompare(a.reportedAt) || b.id - a.id);
}

async function toStored({ photo, ...fields }: ReportSubmission): Promise<StoredReport> {
  return { ...fields, photoBytes: await photo.arrayBuffer(), photoType: photo.type, savedAt: Date.now() };
}

function fromStored({ photoBytes, photoType, savedAt: _savedAt, ...fields }: StoredReport): ReportSubmission {
  return { ...fields, photo: new Blob([photoBytes], { type: photoType }) };
}

// Mutual exclusion: Web Locks across tabs where the browser has them (secure contexts); otherwise
// within this tab only, where two tabs may both send a report and the idempotency key makes the
// second copy harmless.
let localTail: Promise<unknown> = Promise.resolve();
let localHeld = false;

function webLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(LOCK_NAME, () => task());
  const run = localTail.then(async () => {
    localHeld = true;
    try {
      return await task();
    } finally {
      localHeld = false;
    }
  });
  localTail = run.catch(() => undefined);
  return run;
}

/** Runs `task` only if no other sender is at work (that sender will look at the queue itself). */
async function ifNoOtherSender(task: () => Promise<void>): Promise<boolean> {
  const locks = webLocks();
  if (locks) {
    return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return false;
      await task();
      return true;
    });
  }
  if (localHeld) return false;
  await exclusively(task);
  return true;
}

const subscribers = new Set<QueueEvents>();
let failures = 0;
/** How long the server last asked us to wait before the next try (a 429's or 503's Retry-After). */
let serverWait = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK_NAME);

async function countWaiting(): Promise<number> {
  const db = await database();
  return db ? db.count(STORE).catch(() => 0) : 0;
}

/** Tells this tab's form, and every other tab, how many reports are waiting. */
async function announce({ toOtherTabs = true } = {}): Promise<number> {
  const count = await countWaiting();
  for (const subscriber of subscribers) subscriber.onWaiting(count);
  if (toOtherTabs) channel?.postMessage('changed');
  return count;
}

function scheduleRetry(): void {
  if (retryTimer !== undefined || subscribers.size === 0) return;
  retryTimer = setTimeout(
    () => {
      retryTimer = undefined;
      void sendWaiting();
    },
    Math.max(retryDelayMs(failures), serverWait),
  );
}

function cancelRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

let sending: Promise<void> | null = null;
let sendAgain = false;

/** Sends every waiting report, oldest first; one run per tab at a time, and one tab at a time. */
function sendWaiting(): Promise<void> {
  if (sending) {
    sendAgain = true; // something new came in while this run was busy: look again afterwards
    return sending;
  }
  sending = (async () => {
    try {
      do {
        sendAgain = false;
        cancelRetry();
        const ran = await ifNoOtherSender(sendWaitingNow).catch(() => false);
        // Another sender (a submission here, or another tab) held the queue, or the storage failed
        // mid-way: look again later.
        if (!ran && (await countWaiting()) > 0) scheduleRetry();
      } while (sendAgain);
    } finally {
      sending = null;
    }
  })();
  return sending;
}

async function sendWaitingNow(): Promise<void> {
  // Offline: nothing to try. The 'online' event starts the next run.
  if (!navigator.onLine) return;
  const db = await database();
  if (!db) return;
  const waiting = (await db.getAll(STORE)).sort((a, b) => a.savedAt - b.savedAt);
  const sent: CreatedReport[] = [];
  let stuck = false;
  for (const stored of waiting) {
    try {
      const report = await sendReport(fromStored(stored));
      await rememberReport(report);
      sent.push(report);
      await db.delete(STORE, stored.idempotencyKey);
    } catch (error) {
      if (afterFailure(error) === 'drop') {
        await db.delete(STORE, stored.idempotencyKey);
        for (const subscriber of subscribers) subscriber.onRefused(error);
        continue;
      }
      // The connection or the server is still not there: the rest would fail the same way.
      stuck = true;
      serverWait = serverWaitMs(error);
      break;
    }
  }
  failures = stuck ? failures + 1 : 0;
  if (!stuck) serverWait = 0;
  if (sent.length > 0) for (const subscriber of subscribers) subscriber.onSent(sent);
  const left = await announce();
  if (left > 0) scheduleRetry();
}

/**
 * Sends a new report, keeping it on the device first. Resolves 'sent' with the stored report, or
 * 'saved' when it will be sent later; rejects when the server refused it (the error says why), or when
 * it could not be sent and this device cannot keep it either.
 */
export async function submitReport(submission: ReportSubmission): Promise<SubmitOutcome> {
  const stored = await toStored(submission);
  const outcome = await exclusively(async (): Promise<SubmitOutcome> => {
    const db = await database();
    const kept = db
      ? await db.put(STORE, stored).then(
          () => true,
          () => false,
        )
      : false;
    if (kept) await announce();
    if (kept && !navigator.onLine) return { kind: 'saved', reason: 'offline' };
    try {
      const report = await sendReport(submission);
      await rememberReport(report);
      if (kept) await forget(submission.idempotencyKey);
      return { kind: 'sent', report };
    } catch (error) {
      if (!kept) throw error;
      if (afterFailure(error, { fresh: true }) === 'drop') {
        await forget(submission.idempotencyKey);
        throw error;
      }
      failures += 1;
      serverWait = serverWaitMs(error);
      return { kind: 'saved', reason: waitReasonOf(error) };
    }
  });
  // A send that worked means the connection is back: anything kept earlier can go too.
  if (outcome.kind === 'sent') {
    failures = 0;
    void sendWaiting();
  } else {
    scheduleRetry();
  }
  return outcome;
}

async function forget(key: string): Promise<void> {
  const db = await database();
  await db?.delete(STORE, key).catch(() => undefined);
  await announce();
}

function onOnline(): void {
  failures = 0;
  void sendWaiting();
}

function onVisible(): void {
  // A phone coming back to the page may have had signal for a while without this page running.
  if (document.visibilityState === 'visible') void sendWaiting();
}

function onOtherTab(): void {
  void announce({ toOtherTabs: false });
}

/**
 * Starts sending in the background for as long as the returned stop function is not called: now, when
 * the connection returns, when the page is shown again, and on a back-off timer while reports wait.
 */
export function startQueue(events: QueueEvents): () => void {
  subscribers.add(events);
  if (subscribers.size === 1) {
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    channel?.addEventListener('message', onOtherTab);
  }
  void announce({ toOtherTabs: false }).then((count) => {
    if (count > 0) void sendWaiting();
  });
  return () => {
    subscribers.delete(events);
    if (subscribers.size > 0) return;
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.removeEventListener('message', onOtherTab);
    cancelRetry();
  };
}
