/**
 * The first `count` items of two lists that are each already in the page's order (`first(a, b)`: whether
 * `a` comes before `b`), merged: a kept first page and the viewer's own items read beside it.
 */
export function mergeFirst<A, B>(
  as: readonly A[],
  bs: readonly B[],
  first: (a: A, b: B) => boolean,
  count: number,
): Array<A | B> {
  const merged: Array<A | B> = [];
  let i = 0;
  let j = 0;
  while (merged.length < count && (i < as.length || j < bs.length)) {
    if (i < as.length && (j >= bs.length || first(as[i]!, bs[j]!))) {
      merged.push(as[i]!);
      i += 1;
    } else {
      merged.push(bs[j]!);
      j += 1;
    }
  }
  return merged;
}
