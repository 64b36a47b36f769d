import type { RecipeImport } from '@common/schemas/recipes.ts';
import { describe, expect, it } from 'vitest';
import {
  emptyRecipe,
  type IngredientListEntry,
  isBlankRecipe,
  moveEntry,
  newIngredient,
  newSection,
  newStep,
  pastedEntries,
  type RecipeDraft,
  recipeFromImport,
  recipeInput,
  toggleDiet,
  unitId,
  unitText,
  withPasted,
} from './recipeDraft.ts';
import { firstProblem, recipeProblems } from './recipeProblems.ts';

/** The entries without their React keys, to compare. */
const shape = (entries: IngredientListEntry[]) => entries.map(({ key: _key, ...rest }) => rest);

const recipe = (fields: Partial<RecipeDraft> = {}): RecipeDraft => ({
  ...emptyRecipe(),
  title: ' Pancakes ',
  ingredients: [newIngredient({ quantity: '2', unit: 'cup', item: 'flour' })],
  ...fields,
});

describe('a recipe draft', () => {
  it('starts empty, for 4, with one ingredient row and one step, and counts as blank until typed in', () => {
    const draft = emptyRecipe();
    expect(draft).toMatchObject({ title: '', servings: '4', prep: '', cook: '', diets: [], sourceUrl: null });
    expect(draft.ingredients).toHaveLength(1);
    expect(draft.steps).toHaveLength(1);
    expect(isBlankRecipe(draft)).toBe(true);
    expect(isBlankRecipe({ ...draft, diets: ['vegan'] })).toBe(false);
    expect(isBlankRecipe({ ...draft, steps: [newStep('Mix')] })).toBe(false);
  });

  it('reads pasted lines into rows: amounts written back as cooks write them, units shown short', () => {
    const pasted = pastedEntries(
      '2 cups flour, sifted\n1 1/2 tsp salt\nFor the sauce:\n2-3 cloves garlic\nsalt',
    );
    expect(shape(pasted)).toEqual([
      { kind: 'ingredient', quantity: '2', unit: 'cup', item: 'flour', note: 'sifted' },
      { kind: 'ingredient', quantity: '1 ½', unit: 'tsp', item: 'salt', note: '' },
      { kind: 'section', name: 'For the sauce' },
      { kind: 'ingredient', quantity: '2–3', unit: 'clove', item: 'garlic', note: '' },
      { kind: 'ingredient', quantity: '', unit: '', item: 'salt', note: '' },
    ]);
  });

  it('puts pasted rows in place of empty ones, after rows already filled in', () => {
    const pasted = [newIngredient({ item: 'eggs' })];
    expect(withPasted([newIngredient()], pasted)).toEqual(pasted);
    const kept = newIngredient({ item: 'milk' });
    expect(withPasted([kept, newIngredient()], pasted)).toEqual([kept, ...pasted]);
  });

  it('sends unit ids for the short names and ids it knows (any case), and free text as typed', () => {
    expect(unitId('tbsp')).toBe('tablespoon');
    expect(unitId(' G ')).toBe('gram');
    expect(unitId('fluid ounce')).toBe('fluid ounce');
    expect(unitId('handful')).toBe('handful');
    expect(unitText('teaspoon')).toBe('tsp');
    expect(unitText('handful')).toBe('handful');
    expect(unitText(null)).toBe('');
  });

  it('sends the recipe trimmed, each row with its section, without rows naming no ingredient', () => {
    const draft = recipe({
      servings: '6',
      prep: '10',
      cook: '',
      diets: ['vegetarian'],
      ingredients: [
        newIngredient({ quantity: ' 2 ', unit: 'cups', item: ' flour ', note: ' sifted ' }),
        newIngredient({ quantity: '3', unit: 'tbsp' }),
        newSection(' For the sauce '),
        newIngredient({ quantity: '½', unit: 'cup', item: 'milk' }),
        newSection(''),
        newIngredient({ item: 'salt' }),
      ],
      steps: [newStep(' Mix. ', '5'), newStep('   '), newStep('Bake.', '')],
      sourceUrl: 'https://example.com/pancakes',
    });
    expect(recipeInput(draft)).toEqual({
      title: 'Pancakes',
      servings: 6,
      prep_minutes: 10,
      cook_minutes: null,
      diet_tags: ['vegetarian'],
      ingredients: [
        { item: 'flour', quantity: '2', unit: 'cups', note: 'sifted' },
        { item: 'milk', section: 'For the sauce', quantity: '½', unit: 'cup' },
        { item: 'salt' },
      ],
      steps: [
        { text: 'Mix.', timer_minutes: 5 },
        { text: 'Bake.', timer_minutes: null },
      ],
      source_url: 'https://example.com/pancakes',
    });
    expect(firstProblem(recipeProblems(draft))).toBeUndefined();
  });

  it('asks for a title and an ingredient, as the server does, before anything else', () => {
    const problems = recipeProblems(recipe({ title: '  ', ingredients: [newIngredient({ quantity: '2' })] }));
    expect(problems.title).toBe('Give the recipe a title.');
    expect(problems.ingredients).toBe('Add at least one ingredient.');
    expect(firstProblem(problems)).toBe('Give the recipe a title.');
  });

  it('never sends an amount, servings, time or timer the server would refuse', () => {
    const bad = newIngredient({ quantity: '2 cups', item: 'flour' });
    const problems = recipeProblems(
      recipe({
        servings: '0',
        prep: '3000',
        ingredients: [bad, newIngredient({ quantity: 'lots' })],
        steps: [newStep('Rest', '0'), newStep('', 'x')],
      }),
    );
    expect(problems.servings).toBe('Servings must be a whole number from 1 to 100.');
    expect(problems.prep).toBe('Times are whole minutes from 0 to 2880.');
    expect(problems.cook).toBeUndefined();
    // The row without an ingredient is dropped, so its amount is not in the way.
    expect(Object.values(problems.amounts)).toEqual([
      'Write the amount as a number such as 2, 1 1/2, ½ or 2–3.',
    ]);
    expect(Object.keys(problems.amounts)).toEqual([bad.key]);
    expect(Object.values(problems.timers)).toEqual(["A step's timer is whole minutes from 1 to 1440."]);
  });

  it("words what only the shared schema checks (a control character in a step) with the schema's message", () => {
    const problems = recipeProblems(recipe({ steps: [newStep('Mix\u0000')] }));
    expect(problems.other).toMatch(/NUL/);
    expect(firstProblem(problems)).toBe(problems.other);
  });

  it('fills the editor from an import: sections as headings, numbers as text, tags in order', () => {
    const answer: RecipeImport = {
      recipe: {
        title: 'Shakshuka',
        servings: 2,
        prep_minutes: null,
        cook_minutes: 25,
        diet_tags: ['vegetarian', 'gluten_free'],
        ingredients: [
          { section: '', quantity: '4', unit: '', item: 'eggs', note: '' },
          { section: 'Sauce', quantity: '1', unit: 'can', item: 'tomatoes', note: 'crushed' },
        ],
        steps: [{ text: 'Simmer.', timer_minutes: 10 }],
        source_url: 'https://example.com/shakshuka',
      },
      description: 'Eggs in sauce.',
      source_name: 'example.com',
    };
    const draft = recipeFromImport(answer);
    expect(draft).toMatchObject({
      title: 'Shakshuka',
      servings: '2',
      prep: '',
      cook: '25',
      diets: ['vegetarian', 'gluten_free'],
      sourceUrl: 'https://example.com/shakshuka',
      sourceName: 'example.com',
    });
    expect(shape(draft.ingredients)).toEqual([
      { kind: 'ingredient', quantity: '4', unit: '', item: 'eggs', note: '' },
      { kind: 'section', name: 'Sauce' },
      { kind: 'ingredient', quantity: '1', unit: 'can', item: 'tomatoes', note: 'crushed' },
    ]);
    expect(draft.steps.map(({ text, timer }) => ({ text, timer }))).toEqual([
      { text: 'Simmer.', timer: '10' },
    ]);
    const empty = recipeFromImport({ ...answer, recipe: { ...answer.recipe, ingredients: [], steps: [] } });
    expect(empty.ingredients).toHaveLength(1);
    expect(empty.steps).toHaveLength(1);
  });

  it('moves a step and keeps diet tags in their list order', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(toggleDiet(['vegan'], 'vegetarian')).toEqual(['vegetarian', 'vegan']);
    expect(toggleDiet(['vegetarian', 'vegan'], 'vegetarian')).toEqual(['vegan']);
  });
});
