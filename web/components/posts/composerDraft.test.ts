import { emptyRecipe, newIngredient } from '@web/components/recipes/recipeDraft.ts';
import { describe, expect, it } from 'vitest';
import { draftProblem, emptyDraft, isEmptyDraft, postInput } from './composerDraft.ts';

describe('a prayer composer’s draft', () => {
  it('asks for everyone to see it, for 30 days, by default, and counts as empty until typed in', async () => {
    expect(isEmptyDraft(emptyDraft)).toBe(true);
    expect(await postInput({ ...emptyDraft, content: ' Pray for us ' }, 'prayer', undefined)).toEqual({
      category: 'prayer',
      content: 'Pray for us',
      visibility: 'everyone',
      anonymous: false,
      urgent: false,
      expires_after_days: 30,
    });
  });

  it("sends a group chosen under 'My group' as the group and its members as the audience", async () => {
    const draft = { ...emptyDraft, content: 'x', audience: 'group:g1', anonymous: true, urgent: true };
    expect(await postInput(draft, 'prayer', undefined)).toMatchObject({
      group_id: 'g1',
      visibility: 'group',
      anonymous: true,
      urgent: true,
    });
  });

  it("sends the group of the page it is on, whatever 'Who can see this' says, and 'Never' as null", async () => {
    const draft = { ...emptyDraft, content: 'x', audience: 'only_me', expires: 'never' };
    expect(await postInput(draft, 'prayer', undefined, 'g2')).toMatchObject({
      group_id: 'g2',
      visibility: 'group',
      expires_after_days: null,
    });
    expect(await postInput({ ...draft, expires: '7' }, 'prayer', undefined)).toMatchObject({
      visibility: 'only_me',
      expires_after_days: 7,
    });
  });

  it('leaves the prayer fields out of every other post', async () => {
    const draft = { ...emptyDraft, content: 'Lunch', audience: 'friends', urgent: true };
    expect(await postInput(draft, 'general', undefined, 'g3')).toEqual({
      category: 'general',
      content: 'Lunch',
      group_id: 'g3',
    });
  });
});

describe('a content warning and alt text', () => {
  it('sends the warning only while its field is shown, and the alt text only with a file', async () => {
    const draft = {
      ...emptyDraft,
      content: 'Finale talk',
      contentWarning: ' Spoilers ',
      altText: ' A cake ',
    };
    expect(await postInput({ ...draft, warningOn: true }, 'general', 'm1')).toEqual({
      category: 'general',
      content: 'Finale talk',
      media_id: 'm1',
      content_warning: 'Spoilers',
      alt_text: 'A cake',
    });
    // The field closed again ('Content warning' unpressed): no warning, whatever it held.
    expect(await postInput(draft, 'general', undefined)).toEqual({
      category: 'general',
      content: 'Finale talk',
    });
    expect(
      await postInput({ ...draft, warningOn: true, contentWarning: '  ' }, 'general', undefined),
    ).toEqual({
      category: 'general',
      content: 'Finale talk',
    });
    expect(isEmptyDraft({ ...emptyDraft, warningOn: true })).toBe(false);
  });
});

describe('a food composer’s recipe', () => {
  const recipe = { ...emptyRecipe(), title: 'Soup', ingredients: [newIngredient({ item: 'leeks' })] };

  it('sends recipe_data only with a recipe added, beside the notes', async () => {
    const draft = { ...emptyDraft, content: 'Dinner', recipe: ' Add salt. ' };
    expect(await postInput(draft, 'food', undefined)).toEqual({
      category: 'food',
      content: 'Dinner',
      recipe: 'Add salt.',
    });
    expect((await postInput({ ...draft, recipeData: recipe }, 'food', undefined)).recipe_data).toMatchObject({
      title: 'Soup',
      servings: 4,
      ingredients: [{ item: 'leeks' }],
    });
    expect(await postInput({ ...draft, recipeData: recipe }, 'general', undefined)).not.toHaveProperty(
      'recipe_data',
    );
    expect(isEmptyDraft({ ...emptyDraft, recipeData: emptyRecipe() })).toBe(false);
  });

  it('refuses to post a recipe without a title or an ingredient, and says why', async () => {
    expect(await draftProblem({ ...emptyDraft, recipeData: recipe }, 'food')).toBeNull();
    expect(await draftProblem({ ...emptyDraft, recipeData: { ...recipe, title: '' } }, 'food')).toBe(
      'Give the recipe a title.',
    );
    expect(await draftProblem({ ...emptyDraft, recipeData: emptyRecipe() }, 'food')).toBe(
      'Give the recipe a title.',
    );
    expect(await draftProblem({ ...emptyDraft, recipeData: { ...recipe, ingredients: [] } }, 'food')).toBe(
      'Add at least one ingredient.',
    );
    expect(await draftProblem(emptyDraft, 'food')).toBeNull();
  });
});
