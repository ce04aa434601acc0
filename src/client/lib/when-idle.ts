// Runs work the page does not need yet (loading code for later) once it has loaded and is idle.

export function whenIdle(run: () => void): () => void {
  let cancel = () => {};
  const schedule = () => {
    // Safari before 18 has no requestIdleCallback.
    if (typeof (window.requestIdleCallback as unknown) === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 1500);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
  } else {
    window.addEventListener('load', schedule, { once: true });
    cancel = () => window.removeEventListener('load', schedule);
  }
  return () => cancel();
}
