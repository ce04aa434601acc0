// Every text field the service stores refuses control characters, as the shared contracts define it:
// single-line fields (names, places, three-word locations, e-mails, links, photo descriptions) refuse
// line breaks too; descriptions and notes keep their line breaks (as '\n') and tabs.
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { completeCleanupFieldsSchema } from './cleanups.ts';
import { attendanceRequestSchema, eventInputSchema } from './events.ts';
import {
  createReportFieldsSchema,
  manualReportFieldsSchema,
  reportPhotoFieldsSchema,
  updateReportRequestSchema,
} from './reports.ts';
import { signInRequestSchema } from './volunteer-auth.ts';

/** Where the field is, its schema, a valid body without it, the field, and the refusal's message. */
type Field = [where: string, schema: ZodType, valid: Record<string, unknown>, field: string, message: string];

const event = { location: 'Leith Walk', date: '2026-12-05T10:00:00Z' };
const attendance = { mucuId: 1, volunteerEmail: 'ailsa@example.org' };
const report = { what3words: 'bleak.exhaust.jewel' };
const singleLine = (what: string) => `${what} must not contain control characters such as line breaks.`;
const multiLine = (what: string) => `${what} must not contain control characters (line breaks and tabs are allowed).`;

const singleLineFields: Field[] = [
  ["an event's location", eventInputSchema, event, 'location', singleLine('The location')],
  ["an event's maps link", eventInputSchema, event, 'mapsLink', singleLine('The maps link')],
  ["an attendee's e-mail", attendanceRequestSchema, attendance, 'volunteerEmail', singleLine('The e-mail address')],
  ["a report's three words", createReportFieldsSchema, report, 'what3words', singleLine('The three-word location')],
  [
    "an edited report's three words",
    updateReportRequestSchema,
    report,
    'what3words',
    singleLine('The three-word location'),
  ],
  [
    "a manual report's three words",
    manualReportFieldsSchema,
    report,
    'what3words',
    singleLine('The three-word location'),
  ],
  ["a photo's description", reportPhotoFieldsSchema, {}, 'description', singleLine('The description')],
  ["a volunteer's name", signInRequestSchema, { email: 'ailsa@example.org' }, 'name', singleLine('Your name')],
];

const multilineFields: Field[] = [
  ["an event's description", eventInputSchema, event, 'description', multiLine('The description')],
  ['attendance notes', attendanceRequestSchema, attendance, 'notes', multiLine('Notes')],
  ["a report's description", createReportFieldsSchema, report, 'description', multiLine('The description')],
  ["an edited report's description", updateReportRequestSchema, report, 'description', multiLine('The description')],
  ["a manual report's description", manualReportFieldsSchema, report, 'description', multiLine('The description')],
  ['clean-up notes', completeCleanupFieldsSchema, { reportId: '1' }, 'notes', multiLine('Notes')],
];

const refusal = ([, schema, valid, field]: Field, value: string) => {
  const parsed = schema.safeParse({ ...valid, [field]: value });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('text fields the service stores', () => {
  it.each(singleLineFields)(
    'a single-line field (%s) refuses line breaks, tabs and other control characters',
    (...f) => {
      const message = f[4];
      for (const value of [
        'Leith\nWalk',
        'Leith\r\nWalk',
        'Leith\rWalk',
        'Leith\tWalk',
        'Leith\u000bWalk',
        'Leith\u001bWalk',
        'Leith\u0085Walk',
        'Leith\u2028Walk',
      ]) {
        expect(refusal(f, value), JSON.stringify(value)).toBe(message);
      }
    },
  );

  it.each(multilineFields)(
    'a multi-line field (%s) keeps line breaks and tabs, stored as written with \\n, but refuses other control characters',
    (...f) => {
      const [, schema, valid, field, message] = f;
      const parsed = schema.safeParse({
        ...valid,
        [field]: '  Bring gloves.\r\nMeet\tat the Kirkgate.\rThanks\u2028all\n',
      });
      expect(parsed.success).toBe(true);
      expect((parsed.data as Record<string, unknown>)[field]).toBe(
        'Bring gloves.\nMeet\tat the Kirkgate.\nThanks\nall',
      );
      for (const value of [
        'Bring\u0007 gloves',
        'Bring\u001b[2J gloves',
        'Bring\u000c gloves',
        'Bring\u007f gloves',
        'Bring\u009b gloves',
      ]) {
        expect(refusal(f, value), JSON.stringify(value)).toBe(message);
      }
    },
  );

  it('a line break typed at either end of a single-line field is trimmed away, not refused', () => {
    expect(eventInputSchema.parse({ ...event, location: '\r\n Leith Walk \n' }).location).toBe('Leith Walk');
    expect(signInRequestSchema.parse({ email: 'ailsa@example.org', name: 'Ailsa\n' }).name).toBe('Ailsa');
  });
});
