// Free text people type and the service stores: names, places, e-mails, descriptions and notes. Text
// is shown again in pages, e-mails, CSV files and calendars, where a control character can do harm (a
// line break in a calendar's name starts a line of its own, which a calendar app reads as a property
// or a whole event). So every stored text field is built here: a single-line field refuses every
// control character; a multi-line field (a description or notes) keeps line breaks and tabs, with
// each line break stored as '\n', and refuses the rest. Both are trimmed first, so a line break
// pasted at either end is dropped rather than refused.
import { z } from 'zod';

export const textMessages = {
  singleLine: (what: string) => `${what} must not contain control characters such as line breaks.`,
  multiline: (what: string) => `${what} must not contain control characters (line breaks and tabs are allowed).`,
} as const;

/** C0 controls (line breaks and tabs among them), DEL, C1 controls, and Unicode's line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, less the tab and the line feed that multi-line text keeps (and the separators withLineFeeds turns into line feeds). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS_BUT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export const isSingleLineText = (value: string): boolean => !ANY_CONTROL.test(value);
export const isMultilineText = (value: string): boolean => !withLineFeeds(value).match(CONTROLS_BUT_TAB_AND_LINE_FEED);

/** Every way of ending a line ('\r\n', a lone '\r', U+2028, U+2029) written as '\n'. */
export function withLineFeeds(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, '\n');
}

/** Multi-line text with each control character it may not hold (all but the tab and line feed) made a space. */
export function controlsAsSpaces(value: string): string {
  return withLineFeeds(value).replace(CONTROLS_BUT_TAB_AND_LINE_FEED, ' ');
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * A single-line text field ('The location'): trimmed; any control character is refused with a 400
 * naming the field, before any other check of the field.
 */
export function plainText(what = 'Text', params?: StringParams) {
  return z
    .string(params)
    .trim()
    .refine(isSingleLineText, { message: textMessages.singleLine(what), abort: true });
}

/** A multi-line text field ('The description'): trimmed, line breaks stored as '\n'; other control characters refused. */
export function multilineText(what = 'Text', params?: StringParams) {
  return z
    .string(params)
    .trim()
    .overwrite(withLineFeeds)
    .refine(isMultilineText, { message: textMessages.multiline(what), abort: true });
}
