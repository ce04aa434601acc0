// A card below a screen's main content whose code loads once the screen is shown and the browser is
// idle, so the screen's first bundle does not carry it. Until its code is here it takes no room; should
// the code fail to load (offline, never cached), the card stays away and the screen is unchanged.
import { useEffect, useState, type ComponentType } from 'react';
import { onDemand } from '#client/lib/on-demand.ts';
import { whenIdle } from '#client/lib/when-idle.ts';

export function lazyCard<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loadCard = onDemand(() => load().then((component) => (loaded = component)));
  function LazyCard(props: P) {
    const [Card, setCard] = useState(() => loaded);
    useEffect(() => {
      if (Card) return;
      let live = true;
      const cancel = whenIdle(() => {
        loadCard().then(
          (component) => live && setCard(() => component),
          () => undefined,
        );
      });
      return () => {
        live = false;
        cancel();
      };
    }, [Card]);
    return Card ? <Card {...props} /> : null;
  }
  return LazyCard;
}
