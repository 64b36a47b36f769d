/**
 * 'Print': the page goes to paper with this recipe alone (web/styles.css, `@media print`). The recipe
 * is marked `data-print-recipe`, the elements around it `data-print-path` (their other children are
 * hidden, their boxes flattened) and <html> `data-printing`, until the browser says printing is over.
 */
export function printRecipe(recipe: HTMLElement): void {
  const path: HTMLElement[] = [];
  for (
    let element = recipe.parentElement;
    element && element !== document.body;
    element = element.parentElement
  )
    path.push(element);
  const root = document.documentElement;
  const clear = () => {
    window.removeEventListener('afterprint', clear);
    root.removeAttribute('data-printing');
    recipe.removeAttribute('data-print-recipe');
    for (const element of path) element.removeAttribute('data-print-path');
  };
  for (const element of path) element.setAttribute('data-print-path', '');
  recipe.setAttribute('data-print-recipe', '');
  root.setAttribute('data-printing', '');
  // Some phones return from print() before the dialog closes: afterprint is the one sure signal.
  window.addEventListener('afterprint', clear);
  window.print();
}
