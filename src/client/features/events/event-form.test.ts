import { describe, expect, it } from 'vitest';
import { formatDateTime } from '#shared/domain/format.ts';
import { eventDraftFrom, toLocalInput } from './event-form.ts';

describe('the MUCU event form', () => {
  const valid = { location: '  Leith Walk ', date: '2026-12-05T10:00', description: ' Bring gloves ', mapsLink: '' };

  it('trims the values and sends an empty maps link as null', () => {
    const result = eventDraftFrom(valid);
    expect(result).toEqual({
      draft: {
        location: 'Leith Walk',
        date: new Date('2026-12-05T10:00').toISOString(),
        description: 'Bring gloves',
        mapsLink: null,
      },
    });
  });

  it("needs both location and date: 'Please provide both location and date for the MUCU event.'", () => {
    expect(eventDraftFrom({ ...valid, location: '  ' })).toEqual({
      error: 'Please provide both location and date for the MUCU event.',
    });
    expect(eventDraftFrom({ ...valid, date: '' })).toEqual({
      error: 'Please provide both location and date for the MUCU event.',
    });
  });

  it('takes a maps link only when it is a web address', () => {
    expect(eventDraftFrom({ ...valid, mapsLink: 'maps please' })).toEqual({
      error: 'The maps link must be a web address starting with https:// or http://.',
    });
    expect(eventDraftFrom({ ...valid, mapsLink: ' https://example.org/map ' })).toMatchObject({
      draft: { mapsLink: 'https://example.org/map' },
    });
  });

  it('round-trips a date through the datetime-local input', () => {
    const iso = new Date('2026-12-05T10:30').toISOString();
    expect(toLocalInput(iso)).toBe('2026-12-05T10:30');
    expect(formatDateTime('2026-07-01T09:00:00.000Z')).toBe('01/07/2026, 10:00');
  });
});
