import {
  addRecipeToListSchema,
  addShoppingItemSchema,
  clearShoppingSchema,
  importRecipeSchema,
  type Recipe,
  type RecipeImport,
  recipeInputSchema,
  type SavedRecipes,
  type ShoppingList,
  savedRecipesQuerySchema,
  tickShoppingItemSchema,
} from '@common/schemas/recipes.ts';
import { deleteRecipe, putRecipe, saveRecipe, unsaveRecipe } from '@server/commands/recipes.ts';
import { runCommand } from '@server/commands/run.ts';
import {
  addRecipeToList,
  addShoppingItem,
  clearShoppingList,
  removeShoppingItem,
  tickShoppingItem,
} from '@server/commands/shoppingList.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { idParam, postIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { listSavedRecipes, readRecipe, readShoppingList } from '@server/queries/recipes.ts';
import { importRecipe } from '@server/recipes/importRecipe.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

/**
 * Recipes (issue 28): a food post's recipe (read, replaced, removed by its author), 'Import from a
 * link', 'My recipes' and the shopping list. Who may see a recipe is its post's rule (the commands'
 * and queries' policies); a member's saved recipes and list are theirs alone.
 */
export function recipeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const limits = {
    post: memberLimit(app, 'post'),
    recipe: memberLimit(app, 'recipe'),
    recipeImport: memberLimit(app, 'recipeImport'),
  };
  const userAgent = `SplikzRecipeImport/1.0 (+${ctx.config.publicUrl}/about)`;

  const recipeOf = async (viewerId: string, postId: string): Promise<Recipe> => {
    const recipe = await readRecipe(db, viewerId, postId);
    if (!recipe) throw notFound('recipe_none');
    return recipe;
  };

  app.get<IdParams>('/api/posts/:id/recipe', async (request, reply): Promise<Recipe> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return recipeOf(viewer.userId, postIdParam(request.params.id));
  });

  app.put<IdParams>('/api/posts/:id/recipe', async (request): Promise<Recipe> => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await limits.post(request, viewer.userId);
    const data = parseInput(recipeInputSchema, request.body);
    await runCommand(ctx, (trx) => putRecipe(trx, viewer, id, data));
    return recipeOf(viewer.userId, id);
  });

  app.delete<IdParams>('/api/posts/:id/recipe', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await limits.post(request, viewer.userId);
    await runCommand(ctx, (trx) => deleteRecipe(trx, viewer, id));
    return reply.status(204).send();
  });

  app.post('/api/recipes/import', async (request): Promise<RecipeImport> => {
    const viewer = await requireViewer(ctx, request);
    await limits.recipeImport(request, viewer.userId);
    const { url } = parseInput(importRecipeSchema, request.body);
    return importRecipe(url, { allow: ctx.config.recipeImportAllow, userAgent });
  });

  app.get('/api/recipes/saved', async (request, reply): Promise<SavedRecipes> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(savedRecipesQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listSavedRecipes(db, viewer.userId, query);
  });

  app.put<IdParams>('/api/recipes/saved/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await limits.recipe(request, viewer.userId);
    await runCommand(ctx, (trx) => saveRecipe(trx, viewer, id));
    return reply.status(204).send();
  });

  app.delete<IdParams>('/api/recipes/saved/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = postIdParam(request.params.id);
    await limits.recipe(request, viewer.userId);
    await runCommand(ctx, (trx) => unsaveRecipe(trx, viewer, id));
    return reply.status(204).send();
  });

  app.get('/api/recipes/shopping', async (request, reply): Promise<ShoppingList> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return readShoppingList(db, viewer.userId);
  });

  app.post('/api/recipes/shopping/recipe', async (request): Promise<ShoppingList> => {
    const viewer = await requireViewer(ctx, request);
    await limits.recipe(request, viewer.userId);
    const input = parseInput(addRecipeToListSchema, request.body);
    input.post_id = postIdParam(input.post_id);
    await runCommand(ctx, (trx) => addRecipeToList(trx, viewer, input));
    return readShoppingList(db, viewer.userId);
  });

  app.post('/api/recipes/shopping', async (request): Promise<ShoppingList> => {
    const viewer = await requireViewer(ctx, request);
    await limits.recipe(request, viewer.userId);
    const input = parseInput(addShoppingItemSchema, request.body);
    await runCommand(ctx, (trx) => addShoppingItem(trx, viewer, input));
    return readShoppingList(db, viewer.userId);
  });

  app.patch<IdParams>('/api/recipes/shopping/:id', async (request): Promise<ShoppingList> => {
    const viewer = await requireViewer(ctx, request);
    const id = idParam(request.params.id, 'shopping_item_unknown');
    await limits.recipe(request, viewer.userId);
    const { checked } = parseInput(tickShoppingItemSchema, request.body);
    await runCommand(ctx, (trx) => tickShoppingItem(trx, viewer, id, checked));
    return readShoppingList(db, viewer.userId);
  });

  app.delete<IdParams>('/api/recipes/shopping/:id', async (request): Promise<ShoppingList> => {
    const viewer = await requireViewer(ctx, request);
    const id = idParam(request.params.id, 'shopping_item_unknown');
    await limits.recipe(request, viewer.userId);
    await runCommand(ctx, (trx) => removeShoppingItem(trx, viewer, id));
    return readShoppingList(db, viewer.userId);
  });

  app.delete('/api/recipes/shopping', async (request): Promise<ShoppingList> => {
    const viewer = await requireViewer(ctx, request);
    await limits.recipe(request, viewer.userId);
    const { which } = parseInput(clearShoppingSchema, request.query);
    await runCommand(ctx, (trx) => clearShoppingList(trx, viewer, which));
    return readShoppingList(db, viewer.userId);
  });
}
