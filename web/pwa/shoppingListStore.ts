import type { ShoppingList } from '@common/schemas/recipes.ts';

/**
 * The shopping list kept on this device (issue 28), so the installed app shows it in a shop with no
 * signal: the list as the server last answered, and the ticks made since that the server has not
 * confirmed yet (sent when the network is back). One member's at a time: signing out forgets it.
 */
export interface SavedShoppingList {
  /** The member it belongs to. */
  member: string | null;
  list: ShoppingList;
  /** Ticks the server has not confirmed, by item id. */
  pending: Record<string, boolean>;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEY = 'splikz.shoppingList';

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: the list is simply not kept
  }
}

function isSaved(value: unknown): value is SavedShoppingList {
  const saved = value as Partial<SavedShoppingList> | null;
  return (
    typeof saved === 'object' &&
    saved !== null &&
    Array.isArray(saved.list?.items) &&
    typeof saved.pending === 'object' &&
    saved.pending !== null
  );
}

/**
 * The list kept here: the member's (`member`), or whoever's it is when the member is not known (the
 * app opened with no network cannot ask who is signed in).
 */
export function readSavedList(
  member: string | undefined,
  storage = browserStorage(),
): SavedShoppingList | null {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (!isSaved(saved)) return null;
    return member === undefined || saved.member === member ? saved : null;
  } catch {
    return null;
  }
}

function write(saved: SavedShoppingList, storage: KeyValueStore | null) {
  try {
    storage?.setItem(KEY, JSON.stringify(saved));
  } catch {
    // full or blocked: the list is still on screen, only not kept
  }
}

/** The list with the ticks the server has not confirmed yet. */
export function withPendingTicks(list: ShoppingList, pending: Record<string, boolean>): ShoppingList {
  if (Object.keys(pending).length === 0) return list;
  return {
    ...list,
    items: list.items.map((item) =>
      item.id in pending && pending[item.id] !== item.checked
        ? { ...item, checked: pending[item.id]! }
        : item,
    ),
  };
}

/**
 * Keeps what the server answered; ticks still waiting stay for the items still on it. Returns the
 * list to show (the answer with those ticks).
 */
export function keepServerList(
  member: string | undefined,
  list: ShoppingList,
  storage = browserStorage(),
): ShoppingList {
  const before = readSavedList(member, storage);
  const ids = new Set(list.items.map((item) => item.id));
  const pending = Object.fromEntries(Object.entries(before?.pending ?? {}).filter(([id]) => ids.has(id)));
  write({ member: member ?? before?.member ?? null, list, pending }, storage);
  return withPendingTicks(list, pending);
}

/** A tick the server has not confirmed yet (it is on its way, or the network is gone). */
export function keepPendingTick(
  member: string | undefined,
  id: string,
  checked: boolean,
  storage = browserStorage(),
): void {
  const saved = readSavedList(member, storage);
  if (!saved) return;
  write({ ...saved, pending: { ...saved.pending, [id]: checked } }, storage);
}

/** The server has the tick (or refused it): it stops waiting, unless the member ticked again since. */
export function dropPendingTick(
  member: string | undefined,
  id: string,
  checked: boolean,
  storage = browserStorage(),
): void {
  const saved = readSavedList(member, storage);
  if (saved?.pending[id] !== checked) return;
  const { [id]: _sent, ...pending } = saved.pending;
  write({ ...saved, pending }, storage);
}

/** Signing out: the next member of this browser does not see this one's list. */
export function forgetShoppingList(storage = browserStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // blocked: nothing was kept
  }
}
