import { convertRow, parseQuantity, scaleRow } from '@common/recipes/quantities.ts';
import { type AddRecipeToList, type AddShoppingItem, SHOPPING_LIST_MAX } from '@common/schemas/recipes.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, notFound } from '@server/http/errors.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { itemKey, visibleRecipe } from './recipes.ts';

/** What goes on the list: an item, an amount to buy (or none: 'salt') in a unit (or none: '2 eggs'). */
interface Wanted {
  item: string;
  amount: number | null;
  unit: string | null;
}

/**
 * Puts items on the member's shopping list: the same item in the same unit, not yet ticked, adds up
 * ('1 cup flour' and '2 cups flour' are '3 cups flour'); a ticked one stays bought and a new row
 * starts. 2 cups and 250 ml stay two rows: merging across units would guess at a density.
 */
async function addToList(trx: Transaction<DB>, userId: string, wanted: Wanted[], recipeTitle: string | null) {
  const open = await trx
    .selectFrom('shopping_items')
    .select(['id', 'item_key', 'unit', 'amount', 'recipes'])
    .where('user_id', '=', userId)
    .where('checked', '=', false)
    .execute();
  const byKey = new Map(open.map((row) => [`${row.item_key}\u0000${row.unit ?? ''}`, row]));
  const count = await trx
    .selectFrom('shopping_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  let total = Number(count.n);
  const now = new Date().toISOString();
  for (const [index, want] of wanted.entries()) {
    const key = `${itemKey(want.item)}\u0000${want.unit ?? ''}`;
    const found = byKey.get(key);
    if (found) {
      const recipes = JSON.parse(found.recipes) as string[];
      if (recipeTitle && !recipes.includes(recipeTitle)) recipes.push(recipeTitle);
      const amount =
        found.amount === null
          ? want.amount
          : want.amount === null
            ? found.amount
            : found.amount + want.amount;
      found.amount = amount;
      found.recipes = JSON.stringify(recipes);
      await trx
        .updateTable('shopping_items')
        .set({ amount, recipes: found.recipes })
        .where('id', '=', found.id)
        .execute();
      continue;
    }
    total += 1;
    if (total > SHOPPING_LIST_MAX) throw badRequest('shopping_list_full', { max: SHOPPING_LIST_MAX });
    const row = {
      id: uuidv7(),
      user_id: userId,
      item: want.item,
      item_key: itemKey(want.item),
      amount: want.amount,
      unit: want.unit,
      checked: false,
      recipes: JSON.stringify(recipeTitle ? [recipeTitle] : []),
      // In the recipe's order: each row a microsecond-free step after the one before.
      created_at: new Date(Date.parse(now) + index).toISOString(),
    };
    await trx.insertInto('shopping_items').values(row).execute();
    byKey.set(key, {
      id: row.id,
      item_key: row.item_key,
      unit: row.unit,
      amount: row.amount,
      recipes: row.recipes,
    });
  }
}

/**
 * 'Add to shopping list': the recipe's ingredients at the servings the member chose, in the units
 * they read them in. A range ('2–3 cloves') goes on the list as its upper end: enough to cook it.
 */
export async function addRecipeToList(trx: Transaction<DB>, viewer: Viewer, input: AddRecipeToList) {
  const recipe = await visibleRecipe(trx, viewer, input.post_id);
  const rows = await trx
    .selectFrom('recipe_ingredients')
    .select(['amount', 'amount_max', 'unit', 'item'])
    .where('post_id', '=', input.post_id)
    .orderBy('position')
    .execute();
  const wanted = rows.map((row) => {
    let shown = scaleRow(row, recipe.servings, input.servings ?? recipe.servings);
    if (input.system) shown = convertRow(shown, input.system);
    return { item: row.item, amount: shown.amount_max ?? shown.amount, unit: shown.unit };
  });
  await addToList(trx, viewer.userId, wanted, recipe.title);
}

/** One item by hand ('Add an item'). */
export async function addShoppingItem(trx: Transaction<DB>, viewer: Viewer, input: AddShoppingItem) {
  const amounts = parseQuantity(input.quantity ?? '') ?? { amount: null, amount_max: null };
  await addToList(
    trx,
    viewer.userId,
    [{ item: input.item, amount: amounts.amount_max ?? amounts.amount, unit: input.unit || null }],
    null,
  );
}

export async function tickShoppingItem(trx: Transaction<DB>, viewer: Viewer, id: string, checked: boolean) {
  const changed = await trx
    .updateTable('shopping_items')
    .set({ checked })
    .where('id', '=', id)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) throw notFound('shopping_item_unknown');
}

export async function removeShoppingItem(trx: Transaction<DB>, viewer: Viewer, id: string) {
  const removed = await trx
    .deleteFrom('shopping_items')
    .where('id', '=', id)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound('shopping_item_unknown');
}

/** 'Clear ticked' or 'Clear all'. */
export async function clearShoppingList(trx: Transaction<DB>, viewer: Viewer, which: 'checked' | 'all') {
  let query = trx.deleteFrom('shopping_items').where('user_id', '=', viewer.userId);
  if (which === 'checked') query = query.where('checked', '=', true);
  await query.execute();
}
