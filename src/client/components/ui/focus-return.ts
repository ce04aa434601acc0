// Where keyboard focus goes when a dialog closes: back to the control that opened it. When that
// control went away with what the dialog did (a deleted report takes its Delete button with it),
// focus goes to what now stands in its place: the next item of the same list, else the one before,
// else the first control of the nearest part of the page still there. Never to the top of the page.

/** The focused control when a dialog opened, and enough of its surroundings to find a stand-in. */
export interface FocusOrigin {
  element: HTMLElement;
  /** The control's ancestors, nearest first, each with its neighbours at that moment. */
  path: { node: HTMLElement; next: Element | null; previous: Element | null }[];
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

export function rememberFocus(): FocusOrigin | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const path: FocusOrigin['path'] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    path.push({ node, next: node.nextElementSibling, previous: node.previousElementSibling });
  }
  return { element, path };
}

export function restoreFocus(origin: FocusOrigin | null): boolean {
  if (!origin) return false;
  if (tryFocus(origin.element)) return true;
  // The first ancestor still on the page; the child of it that held the control is gone.
  for (let index = 1; index < origin.path.length; index++) {
    const { node } = origin.path[index]!;
    if (!node.isConnected) continue;
    const gone = origin.path[index - 1]!;
    for (const neighbour of [gone.next, gone.previous]) {
      if (neighbour?.parentElement === node && focusFirstIn(neighbour)) return true;
    }
    if (focusFirstIn(node)) return true;
  }
  return false;
}

function focusFirstIn(container: Element): boolean {
  if (container instanceof HTMLElement && container.matches(FOCUSABLE) && tryFocus(container)) return true;
  for (const candidate of container.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (tryFocus(candidate)) return true;
  }
  return false;
}

/** Focuses the element if it can take focus (connected, shown, enabled). */
function tryFocus(element: HTMLElement): boolean {
  if (!element.isConnected || element.closest('[inert], [hidden]')) return false;
  element.focus({ preventScroll: false });
  return document.activeElement === element;
}
