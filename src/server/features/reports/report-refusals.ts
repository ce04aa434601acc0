// What the server says when a client asks for reports too often: said by the server only (the page
// shows the server's words), so kept off the pages' bundles.

/** A report refused for the hourly limit on reports from one connection: why, and when it can go. */
export const tooManyReports = (minutes: number) =>
  `Too many reports have come from this connection in the last hour. Please send this one again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/** The whole list asked for again too soon by one client; its unchanged copy is still good. */
export const wholeListTooOften = (seconds: number) =>
  `The whole list of reports has been sent to this connection several times this minute. Ask again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, or send its ETag to hear whether it changed.`;
