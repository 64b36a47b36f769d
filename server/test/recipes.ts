// Recipes (issue 28) in tests: one recipe as the food composer sends it, with every kind of row.

/** A recipe as the food composer sends it. */
export const PANCAKES = {
  title: 'Sunday Pancakes',
  servings: 4,
  prep_minutes: 10,
  cook_minutes: 20,
  diet_tags: ['vegetarian'],
  ingredients: [
    { quantity: '1 1/2', unit: 'cup', item: 'Flour', note: 'sifted' },
    { quantity: '½', unit: 'cup', item: 'milk' },
    { quantity: '2–3', item: 'eggs' },
    { item: 'salt', unit: 'pinch' },
    { section: 'For the syrup', quantity: '8', unit: 'ounce', item: 'maple syrup' },
  ],
  steps: [
    { text: 'Whisk everything together.' },
    { text: 'Cook on a hot griddle at 350°F.', timer_minutes: 3 },
  ],
};
