// Where the keyboard focus goes in the report list: a new page focuses its first card (scrolled to the
// top); a card that moves or leaves the list on a refresh hands the focus to the card now in its
// place, never to the page itself.
import { useLayoutEffect, useRef, type FocusEvent } from 'react';

/**
 * The list's section and heading refs, `focusNewPage` for Next, Previous and Go to (the new page's
 * first card takes the focus once `answered`), and the focus handlers for the list element.
 */
export function useListFocus(answered: boolean) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Set by Next, Previous and Go to: the new page's first card takes the focus once it is drawn. */
  const toFirstCard = useRef(false);
  /** The control in the list that last held the focus, and the place of its card then. */
  const lastFocus = useRef<{ element: HTMLElement; index: number } | null>(null);

  const articles = () => [...(section.current?.querySelectorAll<HTMLElement>('ol > li > article') ?? [])];
  useLayoutEffect(() => {
    if (toFirstCard.current && answered) {
      toFirstCard.current = false;
      const target = articles()[0] ?? heading.current;
      if (target) showAtTop(target);
      return;
    }
    // The control that had the focus went with a refresh (its card left the list, or moved and was
    // put back): the focus goes to what now stands in that card's place, never to the page itself.
    const last = lastFocus.current;
    if (!last || (document.activeElement && document.activeElement !== document.body)) return;
    const cards = articles();
    const card = last.element.closest('article');
    if (last.element.isConnected && card && cards.indexOf(card) === last.index && focusOn(last.element)) return;
    lastFocus.current = null;
    (cards[last.index] ?? cards[cards.length - 1] ?? heading.current)?.focus();
  });
  // Where the focus is in the list, to find its place again; forgotten when the person moves it elsewhere.
  const onListFocus = (event: FocusEvent<HTMLOListElement>) => {
    const card = event.target.closest('article');
    lastFocus.current = card ? { element: event.target, index: articles().indexOf(card) } : null;
  };
  const onListBlur = (event: FocusEvent<HTMLOListElement>) => {
    const left = event.target;
    if (event.relatedTarget) {
      if (!event.currentTarget.contains(event.relatedTarget)) lastFocus.current = null;
      return;
    }
    // Nothing took the focus: a click on the page leaves the control as it was; a control taken away
    // or disabled by a refresh does not, and its place is kept for the refresh's drawing.
    requestAnimationFrame(() => {
      if (lastFocus.current?.element === left && left.isConnected && !left.matches(':disabled'))
        lastFocus.current = null;
    });
  };
  const focusNewPage = () => {
    toFirstCard.current = true;
  };
  return { section, heading, focusNewPage, onListFocus, onListBlur };
}

const HOLD_AT_TOP_MS = 600;

/**
 * Focuses a new page's first card and scrolls it to the top of the window, then keeps it there for
 * `HOLD_AT_TOP_MS`: a smooth scroll the browser was still running (to the button just pressed) would
 * otherwise carry the page on past it, and may start a frame or two late. A wheel, pointer or key of
 * the person's own, or the focus moving on, ends that at once.
 */
function showAtTop(target: HTMLElement): void {
  target.focus({ preventScroll: true });
  const until = performance.now() + HOLD_AT_TOP_MS;
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  const inputs = ['wheel', 'pointerdown', 'keydown'] as const;
  for (const name of inputs) window.addEventListener(name, stop, { once: true, passive: true });
  const place = () => {
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    if (!stopped && performance.now() < until && document.activeElement === target) {
      requestAnimationFrame(place);
      return;
    }
    for (const name of inputs) window.removeEventListener(name, stop);
  };
  place();
}
/** Focuses the element if it can still take the focus. */
function focusOn(element: HTMLElement): boolean {
  element.focus();
  return document.activeElement === element;
}
