import { describe, expect, it } from 'vitest';
import { shareText } from './share-cleanup.ts';

describe('the text of a shared clean-up', () => {
  it('names the place, the date, the time worked and the site, with the community clean-up hashtags', () => {
    const text = shareText(
      {
        id: 1,
        reportId: 7,
        completedAt: '2026-11-21T10:30:00.000Z',
        hoursWorked: 95,
        beforePhotoUrl: '/photos/a.jpg',
        afterPhotoUrl: '/photos/b.jpg',
        beforeThumbnailUrl: '/photos/a-thumb.jpg',
        afterThumbnailUrl: '/photos/b-thumb.jpg',
        notes: null,
        measuredMinutes: null,
        timeNote: null,
        report: { id: 7, what3words: 'index.home.raft', locationLink: null },
      },
      'https://cleanupedinburgh.org/',
    );
    expect(text).toBe(
      'I cleaned up graffiti at ///index.home.raft in Edinburgh on 21/11/2026 (1h 35m of work) with Clean Up Edinburgh. ' +
        'Join in: https://cleanupedinburgh.org/ #CleanUpEdinburgh #MeetUpCleanUp #GraffitiFreeEdinburgh #CommunityCleanup',
    );
  });
});
