import { describe, expect, it } from 'vitest';
import { firstPage } from './firstPage.ts';

const item = (id: string, at: number) => ({ id, at });
type Item = ReturnType<typeof item>;
const sooner = (a: Item, b: Item) => (a.at !== b.at ? a.at < b.at : a.id < b.id);
const all = () => true;
const ids = (page: { page: Item[]; next: Item | null } | null) =>
  page && { page: page.page.map((i) => i.id), next: page.next?.id ?? null };

describe('the first page of kept lists', () => {
  it('merges the lists in order, each id once, with the item after the page', () => {
    const a = { items: [item('a1', 1), item('x', 4), item('a5', 5)], whole: true };
    const b = { items: [item('b2', 2), item('x', 3), item('b6', 6)], whole: true };
    expect(ids(firstPage([a, b], sooner, all, 3))).toEqual({ page: ['a1', 'b2', 'x'], next: 'a5' });
    expect(ids(firstPage([a, b], sooner, all, 10))).toEqual({
      page: ['a1', 'b2', 'x', 'a5', 'b6'],
      next: null,
    });
  });

  it('leaves out what the viewer is not shown, per list', () => {
    const a = { items: [item('a1', 1), item('a2', 2), item('a3', 3)], whole: true };
    const b = { items: [item('b1', 1.5)], whole: true };
    const shows = (i: Item, list: number) => !(list === 0 && i.id === 'a2');
    expect(ids(firstPage([a, b], sooner, shows, 2))).toEqual({ page: ['a1', 'b1'], next: 'a3' });
  });

  it('refuses a page that reaches past the last item of a list that is not whole', () => {
    const partial = { items: [item('p1', 1), item('p4', 4)], whole: false };
    const whole = { items: [item('w2', 2), item('w3', 3), item('w5', 5)], whole: true };
    // p4 is the last kept: what follows it in that list is unknown.
    expect(ids(firstPage([partial, whole], sooner, all, 2))).toEqual({ page: ['p1', 'w2'], next: 'w3' });
    expect(firstPage([partial, whole], sooner, all, 4)).toBeNull();
    // Without the next item, a page of exactly what is known is enough.
    expect(ids(firstPage([partial, whole], sooner, all, 4, { withNext: false }))).toEqual({
      page: ['p1', 'w2', 'w3', 'p4'],
      next: null,
    });
    // Every kept item hidden from the viewer: nothing is known, so nothing is cut.
    expect(firstPage([partial], sooner, () => false, 2)).toBeNull();
  });
});
