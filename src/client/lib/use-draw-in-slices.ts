// A long list drawn in slices: a new list shows its first items at once and the rest after the next
// paint, a few a frame, each slice a commit of its own that a click or the next answer can come
// between. A refresh of the list on screen keeps every item. While the next list is awaited, the last
// one stays as far as it was drawn: drawing the rest of a list about to go would hold up the click.
import { startTransition, useEffect, useState } from 'react';

/**
 * The items to draw now. `question` names the list (a new one starts over); `answered` is false while
 * the items shown are still the last question's. `shownQuestion` is the question the items drawn
 * belong to, for a list element keyed by it: a new list replaces the last in one piece.
 */
export function useDrawInSlices<T>(
  items: readonly T[],
  question: string,
  answered: boolean,
  { first, more }: { first: number; more: number },
) {
  const [drawn, setDrawn] = useState<{ question: string; count: number } | null>(null);
  const isNew = answered && drawn?.question !== question;
  if (isNew) setDrawn({ question, count: first });
  const count = isNew ? first : (drawn?.count ?? Infinity);
  const drawingMore = answered && count < items.length;
  const total = items.length;
  useEffect(() => {
    if (!drawingMore) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() =>
        startTransition(() => setDrawn({ question, count: count + more < total ? count + more : Infinity })),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [drawingMore, question, count, total, more]);
  return {
    items: count < items.length ? items.slice(0, count) : items,
    shownQuestion: answered ? question : drawn?.question,
  };
}
