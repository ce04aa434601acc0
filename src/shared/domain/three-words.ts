// Three-word locations as people type them: '///Filled.Count.Soap ' and 'filled.count.soap' are the
// same place. The stored and compared form is trimmed, lower-case, without the leading slashes.

/** Three alphabetic words separated by dots. */
const THREE_WORD_FORMAT = /^[a-z]+\.[a-z]+\.[a-z]+$/i;

export function normaliseThreeWords(input: string): string {
  return input
    .trim()
    .replace(/^\/{1,3}/, '')
    .trim()
    .toLowerCase();
}

export function isThreeWordFormat(input: string): boolean {
  return THREE_WORD_FORMAT.test(normaliseThreeWords(input));
}

/** Non-blank and free of angle brackets: the rule the report form applies. */
export function isAcceptableLocation(input: string): boolean {
  return input.trim().length > 0 && !/[<>]/.test(input);
}
