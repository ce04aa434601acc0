// The app's log as a test reads it: a pino logger whose lines are kept, parsed, instead of written out.

export interface LogEntry {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

export const LOG_LEVEL = { info: 30, warn: 40, error: 50 } as const;

export interface CapturedLog {
  /** The `logger` option of buildApp. */
  logger: { level: string; stream: { write(line: string): void } };
  entries: LogEntry[];
  /** The entries at `level` or above. */
  atLeast(level: number): LogEntry[];
}

export function capturedLog(level = 'info'): CapturedLog {
  const entries: LogEntry[] = [];
  return {
    logger: { level, stream: { write: (line: string) => void entries.push(JSON.parse(line) as LogEntry) } },
    entries,
    atLeast: (min) => entries.filter((entry) => entry.level >= min),
  };
}
