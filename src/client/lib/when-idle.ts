// Runs work the page does not need yet (loading code for later) once the screen is shown and the
// browser is idle. "Shown": the page has loaded and nothing is marked busy (aria-busy, or data-busy on a
// spinner: a screen's code or data still on its way), so this work never competes with what the screen needs to show. A screen
// that stays busy longer than LONGEST_WAIT_MS no longer holds the work back.

const BUSY = '[aria-busy="true"], [data-busy]';
const RECHECK_MS = 250;
const LONGEST_WAIT_MS = 10_000;

export function whenIdle(run: () => void): () => void {
  let cancel = () => {};
  const started = Date.now();
  const idle = (then: () => void) => {
    // Safari before 18 has no requestIdleCallback.
    if (typeof (window.requestIdleCallback as unknown) === 'function') {
      const handle = window.requestIdleCallback(then, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(then, 1500);
      cancel = () => window.clearTimeout(handle);
    }
  };
  const schedule = () =>
    idle(() => {
      if (document.querySelector(BUSY) === null || Date.now() - started > LONGEST_WAIT_MS) {
        run();
        return;
      }
      const handle = window.setTimeout(schedule, RECHECK_MS);
      cancel = () => window.clearTimeout(handle);
    });
  if (document.readyState === 'complete') {
    schedule();
  } else {
    window.addEventListener('load', schedule, { once: true });
    cancel = () => window.removeEventListener('load', schedule);
  }
  return () => cancel();
}
