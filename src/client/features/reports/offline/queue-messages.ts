// What the person reads about reports kept on the phone: the form shows it at once, so it is apart from
// the queue's rules (queue-policy.ts), which come with the queue's code once the page has loaded.

/**
 * Why a report is waiting on the device: no connection at all, a connection that failed mid-way, or
 * a server that could not take it just now.
 */
export type WaitReason = 'offline' | 'network' | 'server';

export const queueMessages = {
  savedTitle: 'Saved on your phone',
  saved: {
    offline: 'No signal right now. Your report is saved and will be sent automatically when you are back online.',
    network: 'No signal right now. Your report is saved and will be sent automatically when you are back online.',
    server: 'We could not take your report just now. It is saved on your phone and will be sent automatically.',
  } satisfies Record<WaitReason, string>,
  sentTitle: 'Report received',
} as const;

export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'report' : 'reports'} waiting to be sent`;
}
