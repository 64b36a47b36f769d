import type { ShoppingItem, ShoppingList } from '@common/schemas/recipes.ts';
import { describe, expect, it } from 'vitest';
import {
  dropPendingTick,
  forgetShoppingList,
  keepPendingTick,
  keepServerList,
  readSavedList,
  withPendingTicks,
} from './shoppingListStore.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function makeItem(item: Partial<ShoppingItem> = {}): ShoppingItem {
  return { id: 'i1', item: 'flour', amount: 2, unit: 'cup', checked: false, recipes: [], ...item };
}

const list: ShoppingList = {
  items: [makeItem(), makeItem({ id: 'i2', item: 'eggs', amount: 3, unit: null })],
};

describe('the shopping list kept on this device', () => {
  it("keeps the server's answer for its member, and for whoever asks without knowing the member", () => {
    const storage = memoryStorage();
    expect(readSavedList('m1', storage)).toBeNull();
    expect(keepServerList('m1', list, storage)).toEqual(list);
    expect(readSavedList('m1', storage)?.list).toEqual(list);
    expect(readSavedList(undefined, storage)?.list).toEqual(list);
    expect(readSavedList('m2', storage)).toBeNull();
  });

  it('shows ticks the server has not confirmed, and keeps them over a newer answer', () => {
    const storage = memoryStorage();
    keepServerList('m1', list, storage);
    keepPendingTick('m1', 'i2', true, storage);
    const saved = readSavedList('m1', storage)!;
    expect(withPendingTicks(saved.list, saved.pending).items.map((i) => i.checked)).toEqual([false, true]);
    // The server answers again before the tick was sent: the tick still shows.
    expect(keepServerList('m1', list, storage).items.map((i) => i.checked)).toEqual([false, true]);
  });

  it('stops waiting for a tick once the server has it, unless the member ticked again since', () => {
    const storage = memoryStorage();
    keepServerList('m1', list, storage);
    keepPendingTick('m1', 'i1', true, storage);
    keepPendingTick('m1', 'i1', false, storage);
    dropPendingTick('m1', 'i1', true, storage);
    expect(readSavedList('m1', storage)!.pending).toEqual({ i1: false });
    dropPendingTick('m1', 'i1', false, storage);
    expect(readSavedList('m1', storage)!.pending).toEqual({});
  });

  it('forgets ticks of items no longer on the list, and everything at sign-out', () => {
    const storage = memoryStorage();
    keepServerList('m1', list, storage);
    keepPendingTick('m1', 'i2', true, storage);
    keepServerList('m1', { items: [makeItem()] }, storage);
    expect(readSavedList('m1', storage)!.pending).toEqual({});
    forgetShoppingList(storage);
    expect(readSavedList(undefined, storage)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('splikz.shoppingList', '{not json');
    expect(readSavedList(undefined, storage)).toBeNull();
    storage.setItem('splikz.shoppingList', JSON.stringify({ list: {} }));
    expect(readSavedList(undefined, storage)).toBeNull();
  });
});
