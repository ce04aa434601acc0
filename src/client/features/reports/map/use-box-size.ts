// The size of a map's box in CSS pixels, kept up to date as it changes: the list twin asks for the
// view's bounding box from it before the map's code is there.
import { useLayoutEffect, useState } from 'react';

export function useBoxSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      const next = { width: Math.round(width), height: Math.round(height) };
      setSize((last) => (last && last.width === next.width && last.height === next.height ? last : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
