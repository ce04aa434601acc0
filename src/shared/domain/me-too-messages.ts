// The words of 'Me too': confirming an open report instead of making another, once per device. Kept
// apart from the form's words, which the home page loads first.
export const meTooMessages = {
  button: 'Me too',
  /** Above the button where it stands alone (the status page, the map's site details). */
  heading: 'Seen it too?',
  /** What the button does, beside it. */
  help: 'Seen this graffiti too? Say so instead of making another report.',
  photoLabel: 'Add your photo (optional)',
  sending: 'Sending...',
  thanks: "Thank you. Your 'Me too' has been counted.",
  /** On the device that has said it already (also the refusal of a second one). */
  already: "You have already said 'Me too' for this report on this device.",
  notOpen: "This graffiti has already been cleaned, so it needs no 'Me too'. If it is back, please report it again.",
  notFound: 'We could not find this report. It may have been removed.',
  device: 'This device could not be recognised. Please reload the page and try again.',
  busy: "Too many people are saying 'Me too' just now. Please try again in a minute.",
  failed: "Your 'Me too' was not sent",
  /** On an administrator's report card. */
  count: (count: number) => (count === 1 ? "1 person said 'Me too'" : `${count} people said 'Me too'`),
} as const;
