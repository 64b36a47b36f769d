import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Recipes with real ingredients (issue 28, DESIGN section 7). A recipe belongs to a food post (one
// row, keyed by the post): title, servings, times and its source when imported. Its diet tags,
// ingredient rows (the amount as the cook wrote it and as numbers, unit, item, note, section) and
// steps (with an optional timer) have their own tables, in order. `posts.has_recipe` tells the
// feeds without a join. The old plain-text `posts.recipe` stays as the recipe's 'Notes'. A member's
// saved recipes and shopping list have their own tables.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const no = pg ? sql`false` : sql`0`;
  const real = pg ? 'double precision' : 'real';
  const post = (c: any) => c.notNull().references('posts.id').onDelete('cascade');
  const user = (c: any) => c.notNull().references('user.id').onDelete('cascade');

  await db.schema
    .alterTable('posts')
    .addColumn('has_recipe', bool, (c) => c.notNull().defaultTo(no))
    .execute();

  await db.schema
    .createTable('recipes')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('servings', 'integer', (c) => c.notNull())
    .addColumn('prep_minutes', 'integer')
    .addColumn('cook_minutes', 'integer')
    .addColumn('source_url', 'text')
    .addColumn('source_name', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  // The food feed's diet filter: the recipes with a tag, newest post first through the post.
  await db.schema
    .createTable('recipe_diet_tags')
    .addColumn('post_id', 'text', post)
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recipe_diet_tags_pk', ['post_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('recipe_diet_tags_tag_idx')
    .on('recipe_diet_tags')
    .columns(['tag', 'post_id'])
    .execute();

  await db.schema
    .createTable('recipe_ingredients')
    .addColumn('post_id', 'text', post)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', real)
    .addColumn('amount_max', real)
    .addColumn('unit', 'text')
    .addColumn('item', 'text', (c) => c.notNull())
    /** lower(item), for 'search by ingredient' and the shopping list's merging. */
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('recipe_ingredients_pk', ['post_id', 'position'])
    .execute();

  await db.schema
    .createTable('recipe_steps')
    .addColumn('post_id', 'text', post)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('timer_minutes', 'integer')
    .addPrimaryKeyConstraint('recipe_steps_pk', ['post_id', 'position'])
    .execute();

  await db.schema
    .createTable('saved_recipes')
    .addColumn('user_id', 'text', user)
    .addColumn('post_id', 'text', post)
    .addColumn('saved_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_recipes_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('saved_recipes_user_idx')
    .on('saved_recipes')
    .columns(['user_id', 'saved_at'])
    .execute();
  await db.schema.createIndex('saved_recipes_post_idx').on('saved_recipes').columns(['post_id']).execute();

  await db.schema
    .createTable('shopping_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', user)
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('amount', real)
    .addColumn('unit', 'text')
    .addColumn('checked', bool, (c) => c.notNull().defaultTo(no))
    /** The titles of the recipes it came from, as a JSON array. */
    .addColumn('recipes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shopping_items_user_idx')
    .on('shopping_items')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'shopping_items',
    'saved_recipes',
    'recipe_steps',
    'recipe_ingredients',
    'recipe_diet_tags',
    'recipes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('posts').dropColumn('has_recipe').execute();
}
