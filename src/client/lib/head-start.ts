// A request started while the screen that needs it is still loading its code, so the two travel
// together instead of one after the other. The screen takes the answer once, and only while it is
// recent; otherwise (or when nobody started it) the screen asks as it always does.
export function headStart<T>(maxAgeMs: number) {
  let started: { at: number; answer: Promise<T> } | null = null;
  return {
    /** Starts the request now and answers it; a failure is kept for the screen, never reported as unhandled. */
    start(call: () => Promise<T>): Promise<T> {
      const answer = call();
      answer.catch(() => undefined);
      started = { at: performance.now(), answer };
      return answer;
    },
    /** The answer started early, handed over once, if started within `maxAgeMs`. */
    take(): Promise<T> | undefined {
      const early = started;
      started = null;
      if (!early || performance.now() - early.at > maxAgeMs) return undefined;
      return early.answer;
    },
  };
}
