// The e-mail check both follow forms make before sending (the server checks again). A module of its own:
// the report form on the home page needs this line, not the status page's form around it.
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
