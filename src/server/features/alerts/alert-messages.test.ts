// Offensive graffiti (the priority mark) is named urgent in the alerts volunteers get.
import { describe, expect, it } from 'vitest';
import type { AlertReport } from './alerts.repository.ts';
import { alertEmail, pushPayload } from './alert-messages.ts';

const report = (id: number, priority: number): AlertReport => ({
  id,
  what3words: id === 1 ? 'index.home.raft' : 'filled.count.soap',
  description: null,
  photo_key: `key${id}`,
  status: 'reported',
  reported_at: '2026-11-21T10:00:00.000Z',
  latitude: null,
  longitude: null,
  priority,
});
const ctx = {
  publicUrl: 'https://example.org',
  to: 'v@example.org',
  name: null,
  unsubscribeToken: 't',
  kind: 'instant',
} as const;

describe('alerts about offensive graffiti', () => {
  it('a push notification and an e-mail say urgent when a report is marked priority', () => {
    expect(pushPayload([report(1, 1)], ctx.publicUrl)).toMatchObject({
      title: 'Urgent: New graffiti report in Edinburgh',
      body: 'Urgent: ///index.home.raft',
    });
    const mail = alertEmail([report(1, 0), report(2, 1)], ctx);
    expect(mail.subject).toBe('Urgent: 2 new graffiti reports in Edinburgh');
    expect(mail.text).toContain('Urgent: ///filled.count.soap');
    expect(mail.text).not.toContain('Urgent: ///index.home.raft');
  });

  it('ordinary reports are not called urgent', () => {
    expect(pushPayload([report(1, 0)], ctx.publicUrl).title).toBe('New graffiti report in Edinburgh');
    expect(alertEmail([report(1, 0)], ctx).subject).toBe('New graffiti report in Edinburgh: ///index.home.raft');
  });
});
