import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * A screen in its own chunk, like React.lazy, that can be loaded before it is shown: once `preload()`
 * has finished, the screen renders at once instead of showing its Suspense fallback for a frame (the
 * first screen renders once, with its data, web/main.tsx). Each mount keeps the way it started.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const remember = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(remember);
  function Screen(props: P) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  Screen.preload = async () => {
    if (!loaded) await remember();
  };
  return Screen;
}
