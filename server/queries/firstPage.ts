/**
 * The one way a first page is cut from kept lists (the feeds and group pages, queries/newestPage.ts;
 * Upcoming, 'Near me' and Home's next three, queries/upcomingPage.ts): lists each in the page's order,
 * merged, each item once, and refused when the page would reach past what a list holds.
 */

/** A list in the page's order: all there is of its kind when whole, else the first of it only. */
export interface KeptList<T> {
  items: readonly T[];
  whole: boolean;
}

export interface FirstPage<T> {
  page: T[];
  /** The first item after the page, when one follows (the next page's cut-off). */
  next: T | null;
}

/**
 * The first `limit` items the viewer is shown (`shows`) of the lists merged by `before`, and the next
 * one if any (`withNext` false: not needed, nor looked for). Null when the page (with its next item)
 * would reach past the last item of a list that is not whole: more of its kind follow there, unkept,
 * and the caller reads the database instead. An id in two lists (an event of a group that turned
 * public since one was read) is taken once, at its first place.
 */
export function firstPage<T extends { id: string }>(
  lists: readonly KeptList<T>[],
  before: (a: T, b: T) => boolean,
  shows: (item: T, list: number) => boolean,
  limit: number,
  options: { withNext?: boolean } = {},
): FirstPage<T> | null {
  const wanted = options.withNext === false ? limit : limit + 1;
  if (lists.length === 1) return fromOne(lists[0]!, shows, limit, wanted);
  // Up to the first item after any list's last that is not whole, every item is in some list.
  let horizon: T | null = null;
  for (const list of lists) {
    const last = list.items.at(-1);
    if (!list.whole && last && (horizon === null || before(last, horizon))) horizon = last;
  }
  const next = lists.map(() => 0);
  // Each list's next item the viewer is shown (undefined: none left), looked for again once taken.
  const headOf = (i: number): T | undefined => {
    const items = lists[i]!.items;
    while (next[i]! < items.length && !shows(items[next[i]!]!, i)) next[i]! += 1;
    return items[next[i]!];
  };
  const heads = lists.map((_, i) => headOf(i));
  const page: T[] = [];
  // One list holds each id once: only a merge needs to look.
  const taken = lists.length > 1 ? new Set<string>() : null;
  while (page.length < wanted) {
    let first = -1;
    for (let i = 0; i < lists.length; i += 1) {
      const head = heads[i];
      if (head && (first < 0 || before(head, heads[first]!))) first = i;
    }
    if (first < 0) break;
    const item = heads[first]!;
    next[first]! += 1;
    heads[first] = headOf(first);
    if (taken === null) page.push(item);
    else if (!taken.has(item.id)) {
      taken.add(item.id);
      page.push(item);
    }
  }
  const lastNeeded = page.length === wanted ? page.at(-1)! : null;
  // A full page must end within the horizon; a short one means there is none.
  if (horizon !== null && (lastNeeded === null || before(horizon, lastNeeded))) return null;
  const more = page.length > limit;
  return { page: more ? page.slice(0, limit) : page, next: more ? page[limit]! : null };
}

/** One list: its first shown items in its own order, refused when they run out before a page and one. */
function fromOne<T>(
  list: KeptList<T>,
  shows: (item: T, list: number) => boolean,
  limit: number,
  wanted: number,
): FirstPage<T> | null {
  const page: T[] = [];
  for (const item of list.items) {
    if (!shows(item, 0)) continue;
    page.push(item);
    if (page.length === wanted) break;
  }
  if (!list.whole && page.length < wanted) return null;
  const more = page.length > limit;
  const next = more ? page.pop()! : null;
  return { page, next };
}
