// The city's own calendar: the daily digest goes at a local hour in Europe/London, through GMT and BST.

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The London calendar day ('2026-11-21') and hour (0-23) at this instant. */
export function londonDayAndHour(at: Date): { day: string; hour: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}
