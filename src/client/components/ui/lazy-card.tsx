// A card below a screen's main content whose code loads once the screen is shown and the browser is
// idle, so the screen's first bundle does not carry it. Until its code is here it takes no room; should
// the code fail to load (offline, never cached), the card stays away and the screen is unchanged.
import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '#client/lib/when-idle.ts';

export function lazyCard<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  function LazyCard(props: P) {
    const [Card, setCard] = useState(() => loaded);
    useEffect(() => {
      if (Card) return;
      let live = true;
      const cancel = whenIdle(() => {
        loading ??= load().then((component) => (loaded = component));
        loading.then(
          (component) => live && setCard(() => component),
          () => (loading = undefined),
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
