import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the returned sentinel comes within `margin` of the visible part of `root`
 * (a scrolling pane; the page when absent): feeds, chat history and lists load their next page so.
 * `watch` re-arms it after each page: an observer only reports changes, and a sentinel still in view
 * after a short page would otherwise never ask for the next one.
 */
export function useWhenVisible(
  onVisible: () => void,
  active: boolean,
  {
    root,
    margin = '300px 0px',
    watch,
  }: { root?: RefObject<HTMLElement | null>; margin?: string; watch?: unknown },
) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `watch` re-creates the observer on purpose.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { root: root?.current ?? null, rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [active, root, margin, watch]);
  return sentinel;
}
