import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that can be loaded ahead of rendering: `preload()` fetches the module and, once it has
 * arrived, the component renders it directly instead of suspending. A server-rendered page preloads
 * its lazy parts before React takes over the HTML (main.tsx): a part still loading then would make
 * React drop its server HTML for the fallback at the first update (content vanishing and coming
 * back, a layout shift), and hydration waits for nothing.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(load);
  function LazyPage(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  LazyPage.preload = preload;
  return LazyPage;
}
