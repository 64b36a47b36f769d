/**
 * The first screen's answers, asked for by web/index.html's inline script as the page starts, beside the
 * app's scripts rather than after them: the member (/api/me), their preferences and, on a feed route,
 * its first page. `api()` takes each once, for the first GET of the same path; what nobody takes in
 * the first 30 s is dropped.
 */
declare global {
  interface Window {
    __splikzBoot?: Record<string, Promise<Response | null>>;
  }
}

const BOOT_ANSWERS_KEPT_MS = 30_000;
const started = typeof performance === 'undefined' ? 0 : performance.now();

/** The early answer for `path`, once; undefined when none was asked for, or it was taken already. */
export function takeBootAnswer(path: string): Promise<Response | null> | undefined {
  if (typeof window === 'undefined') return undefined;
  const boot = window.__splikzBoot;
  const answer = boot?.[path];
  if (!boot || !answer) return undefined;
  delete boot[path];
  if (performance.now() - started > BOOT_ANSWERS_KEPT_MS) return undefined;
  return answer;
}
