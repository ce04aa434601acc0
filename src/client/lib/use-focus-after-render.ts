// Moving the focus to something a state change draws: asked for with the change, given in the effect
// after React has committed it. A focus given in the next animation frame instead can run before a
// busy page has drawn the change, and lands on the element being replaced (then on the page body).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export function useFocusAfterRender<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) ref.current?.focus();
  }, [asked]);
  const focus = useCallback(() => setAsked((n) => n + 1), []);
  return [ref, focus];
}
