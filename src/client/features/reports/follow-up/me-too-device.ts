// How this browser is told apart for 'Me too' without anything about the person: a random id made
// once and kept in localStorage (the server keeps only its hash), and the reports it has said
// 'Me too' for, so the button says so at once on the next visit.
const DEVICE_KEY = 'cue-device';
const SAID_KEY = 'cue-me-too';
/** Reports remembered, the newest kept: more than anyone confirms. */
const MOST_REMEMBERED = 200;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's id; a fresh one each time where storage is refused (private modes). */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept && /^[A-Za-z0-9_-]{32,100}$/.test(kept)) return kept;
    const made = randomId();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return randomId();
  }
}

function saidFor(): number[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(SAID_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function hasSaidMeToo(reportId: number): boolean {
  return saidFor().includes(reportId);
}

export function rememberMeToo(reportId: number): void {
  try {
    const ids = [...saidFor().filter((id) => id !== reportId), reportId].slice(-MOST_REMEMBERED);
    localStorage.setItem(SAID_KEY, JSON.stringify(ids));
  } catch {
    // Not remembered: the server still refuses a second one from this device.
  }
}
