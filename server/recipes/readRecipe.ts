import { formatRange, parseIngredientLines, parseQuantity } from '@common/recipes/quantities.ts';
import { POST_CONTENT_MAX_LENGTH } from '@common/schemas/posts.ts';
import {
  DIET_TAGS,
  type DietTag,
  INGREDIENT_ITEM_MAX,
  INGREDIENT_NOTE_MAX,
  INGREDIENT_SECTION_MAX,
  INGREDIENT_UNIT_MAX,
  RECIPE_INGREDIENTS_MAX,
  RECIPE_MINUTES_MAX,
  RECIPE_SERVINGS_MAX,
  RECIPE_STEP_MAX,
  RECIPE_STEPS_MAX,
  RECIPE_TIMER_MAX,
  RECIPE_TITLE_MAX,
  type RecipeImport,
  SCHEMA_ORG_DIETS,
} from '@common/schemas/recipes.ts';
import { type ChildNode, type Document, DomHandler, type Element, isTag, isText } from 'domhandler';
import { findAll, textContent } from 'domutils';
import { Parser } from 'htmlparser2';
import { parse as parseDuration } from 'tinyduration';

/**
 * Reads the schema.org Recipe a recipe page describes for search engines (issue 28's import): JSON-LD
 * first (what nearly every recipe plugin writes, often inside Yoast's `@graph`), then microdata (older
 * sites). Both are read into one JSON-LD-like shape so the fields are mapped once. Pages are hostile
 * input: nothing here throws on bad data, every text is stripped of markup and cut to the form's limits,
 * so the result passes recipeImportSchema and, once the member has checked it, recipeInputSchema.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type ImportRecipe = RecipeImport['recipe'];

const DEFAULT_SERVINGS = 4;
/** Open tags a page may nest (real pages stay under 50); past this the rest of the page is not read. */
const MAX_NESTING = 256;
/** The most text read from one element or string: more than any field keeps (a step list in one text). */
const TEXT_BUDGET = 100_000;
/** Ingredient lines and steps read: enough for the form's 100 rows and 50 steps, with headers. */
const MAX_LINES = 300;
/** Recipes tried in each of JSON-LD and microdata: a page's own recipe is among its first. */
const MAX_CANDIDATES = 20;
/** How deep into a JSON-LD block a Recipe is looked for (WebPage → mainEntity → Recipe is 2). */
const MAX_DEPTH = 8;
/** Tags whose text starts a new line: a step list written as <p>s or <li>s is one step per line. */
const BLOCKS = new Set([
  ...['address', 'article', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure'],
  ...['footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'ol', 'p', 'pre'],
  ...['section', 'table', 'td', 'th', 'tr', 'ul'],
]);
/** 'VeganDiet' → 'vegan', from the contract's own table. */
const DIETS = new Map<string, DietTag>(
  DIET_TAGS.map((tag) => [SCHEMA_ORG_DIETS[tag].replace(/^.*\//, ''), tag] as const),
);

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A property's values as a list, whether the page wrote one or several. */
const valuesOf = (value: Json | undefined): Json[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** The first text a property holds ('x', ['x', 'y'], { '@value': 'x' }, 4), or ''. */
function rawText(value: Json | undefined): string {
  for (const entry of valuesOf(value)) {
    if (typeof entry === 'string') return entry;
    if (typeof entry === 'number') return String(entry);
    const inner = isObject(entry) ? entry['@value'] : undefined;
    if (typeof inner === 'string' || typeof inner === 'number') return String(inner);
  }
  return '';
}

/** Thrown to stop parsing a page that nests tags deeper than MAX_NESTING. */
class TooDeep extends Error {}

/**
 * A DOM builder that stops at MAX_NESTING open tags, keeping what it has read so far (a page's JSON-LD
 * usually sits in its head). htmlparser2 keeps its open tags in an array it unshifts: 400,000 unclosed
 * <div>s (2 MB) took minutes of CPU, and the recursive walks here would overflow the stack.
 */
class ShallowHandler extends DomHandler {
  private depth = 0;

  override onopentag(name: string, attribs: Record<string, string>): void {
    if (++this.depth > MAX_NESTING) throw new TooDeep();
    super.onopentag(name, attribs);
  }

  override onclosetag(): void {
    this.depth--;
    super.onclosetag();
  }
}

/** HTML parsed as browsers mostly would (entities decoded), at most MAX_NESTING tags deep. */
function parseHtml(html: string): Document {
  const handler = new ShallowHandler();
  try {
    new Parser(handler).end(html);
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
  }
  return handler.root;
}

/**
 * The text of `nodes` with a line break around each block, until `budget` characters: a property that
 * wraps the whole page (or 250 nested ones that each do) costs no more than the text a field can hold.
 */
function nodeText(nodes: ChildNode[], budget = TEXT_BUDGET): string {
  const out: string[] = [];
  let length = 0;
  const walk = (children: ChildNode[]) => {
    for (const node of children) {
      if (length > budget) return;
      if (isText(node)) {
        const data = node.data.slice(0, budget - length + 1);
        out.push(data);
        length += data.length;
      } else if (isTag(node) && node.name !== 'script' && node.name !== 'style') {
        const block = BLOCKS.has(node.name);
        if (block) out.push('\n');
        walk(node.children);
        if (block) out.push('\n');
      }
    }
  };
  walk(nodes);
  return out.join('');
}

/** One line: runs of spaces and control characters as one space, half surrogate pairs replaced. */
const tidy = (line: string) =>
  line
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/\p{Cs}/gu, '\uFFFD')
    .trim();

/**
 * A text that may hold markup and entities ('<p>Mix &amp; stir</p>'; sites put HTML in JSON-LD too) as
 * plain lines: tags dropped, entities decoded, spaces and control characters collapsed, half surrogate
 * pairs replaced (the database would store something else), empty lines dropped.
 */
function textLines(html: string): string[] {
  return nodeText(parseHtml(html).children)
    .split('\n')
    .map(tidy)
    .filter((line) => line !== '');
}

/** A property as one line of plain text. */
const plain = (value: Json | undefined): string => textLines(rawText(value)).join(' ');

/** At most `max` UTF-16 units (as the schemas count), not cutting a character in two. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}

/** A schema.org type's short name: 'https://schema.org/Recipe', 'schema:Recipe' → 'Recipe'. */
const typeName = (type: string) => type.replace(/^(https?:\/\/schema\.org\/|schema:)/, '');

const typesOf = (node: JsonObject): string[] =>
  valuesOf(node['@type']).flatMap((type) => (typeof type === 'string' ? [typeName(type)] : []));

/** Every object typed Recipe in a JSON-LD value: top level, in an array, in @graph, or nested. */
function collectRecipes(value: Json, depth: number, out: JsonObject[]): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const entry of value) collectRecipes(entry, depth + 1, out);
  } else if (isObject(value)) {
    if (typesOf(value).includes('Recipe')) out.push(value);
    else for (const entry of Object.values(value)) collectRecipes(entry, depth + 1, out);
  }
}

/** The Recipes in the page's JSON-LD blocks, in page order; a block that is not JSON is skipped. */
function jsonLdRecipes(doc: Document): JsonObject[] {
  const scripts = findAll(
    (el) => el.name === 'script' && /^\s*application\/ld\+json/i.test(el.attribs.type ?? ''),
    doc.children,
  );
  const recipes: JsonObject[] = [];
  for (const script of scripts) {
    try {
      collectRecipes(JSON.parse(textContent(script)) as Json, 0, recipes);
    } catch {
      // A broken block (a plugin's stray comma) says nothing; the next one may.
    }
  }
  return recipes;
}

const itemTypes = (el: Element) => (el.attribs.itemtype ?? '').split(/\s+/).filter(Boolean);
const hasScope = (el: Element) => el.attribs.itemscope !== undefined;
/** Text as the markup that reads as it, so `plain` reads it back unchanged (and decodes nothing twice). */
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A microdata property's value, by the rules of the HTML standard (a link's href, a time's datetime…). */
function propertyValue(el: Element): Json {
  const { attribs } = el;
  if (hasScope(el)) return microdataItem(el);
  const attribute =
    attribs.content ??
    (['a', 'area', 'link'].includes(el.name) ? attribs.href : undefined) ??
    (['img', 'audio', 'video', 'source', 'embed', 'iframe', 'track'].includes(el.name)
      ? attribs.src
      : undefined) ??
    (el.name === 'time' ? attribs.datetime : undefined) ??
    (['data', 'meter'].includes(el.name) ? attribs.value : undefined);
  return escaped(attribute ?? nodeText(el.children));
}

/** A microdata item as JSON-LD would write it; a nested item's properties are its own, not ours. */
function microdataItem(scope: Element): JsonObject {
  const item: Record<string, Json[]> = {};
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      for (const name of (node.attribs.itemprop ?? '').split(/\s+/).filter(Boolean)) {
        item[name] = [...(item[name] ?? []), propertyValue(node)];
      }
      if (!hasScope(node)) visit(node.children);
    }
  };
  visit(scope.children);
  return { ...item, '@type': itemTypes(scope) };
}

function microdataRecipes(doc: Document): JsonObject[] {
  const scopes = findAll(
    (el) => hasScope(el) && itemTypes(el).map(typeName).includes('Recipe'),
    doc.children,
  );
  return scopes.map(microdataItem);
}

/** An ISO 8601 duration ('PT1H30M') in whole minutes; anything else (garbage, negative) is null. */
function minutesOf(value: Json | undefined): number | null {
  const text = plain(value);
  if (!text) return null;
  try {
    const d = parseDuration(text.toUpperCase());
    if (d.negative) return null;
    const minutes =
      ((d.years ?? 0) * 365 + (d.months ?? 0) * 30 + (d.weeks ?? 0) * 7 + (d.days ?? 0)) * 1440 +
      (d.hours ?? 0) * 60 +
      (d.minutes ?? 0) +
      (d.seconds ?? 0) / 60;
    return Number.isFinite(minutes) ? Math.min(Math.round(minutes), RECIPE_MINUTES_MAX) : null;
  } catch {
    return null;
  }
}

/** recipeYield (4, '4', '4 servings', ['4', '4 servings']) as servings from 1 to 100; 4 when unsaid. */
function servingsOf(value: Json | undefined): number {
  for (const entry of valuesOf(value)) {
    const count = typeof entry === 'number' ? entry : Number(/\d+(\.\d+)?/.exec(plain(entry))?.[0]);
    if (Number.isFinite(count) && count > 0)
      return Math.min(Math.max(Math.round(count), 1), RECIPE_SERVINGS_MAX);
  }
  return DEFAULT_SERVINGS;
}

/** suitableForDiet ('https://schema.org/VeganDiet', 'VeganDiet', { '@id': … }) as our tags; others dropped. */
function dietTagsOf(value: Json | undefined): DietTag[] {
  const found = new Set<DietTag | undefined>(
    valuesOf(value).map((entry) => {
      const name = isObject(entry) ? plain(entry['@id'] ?? entry.name) : plain(entry);
      return DIETS.get(name.replace(/^.*[/:#]/, ''));
    }),
  );
  return DIET_TAGS.filter((tag) => found.has(tag));
}

/**
 * recipeIngredient lines read into the form's rows ('1 1/2 pounds chicken, boneless' → '1 ½', 'pound',
 * 'chicken', 'boneless'). An amount the form would refuse (above its limit) stays in the item's text.
 */
function ingredientsOf(value: Json | undefined): ImportRecipe['ingredients'] {
  const lines = valuesOf(value)
    .slice(0, MAX_LINES)
    .flatMap((entry) => textLines(rawText(entry)))
    .slice(0, MAX_LINES)
    // Longer than an item and its note could keep: the rest would only slow the parser down.
    .map((line) => clip(line, INGREDIENT_ITEM_MAX + INGREDIENT_NOTE_MAX + 100));
  const rows = [];
  for (const row of parseIngredientLines(lines.join('\n'))) {
    let quantity = formatRange(row);
    let item = row.item;
    if (parseQuantity(quantity) === null) [quantity, item] = ['', `${quantity} ${item}`];
    if (!item) continue;
    rows.push({
      section: clip(row.section, INGREDIENT_SECTION_MAX),
      quantity,
      unit: clip(row.unit ?? '', INGREDIENT_UNIT_MAX),
      item: clip(item, INGREDIENT_ITEM_MAX),
      note: clip(row.note, INGREDIENT_NOTE_MAX),
    });
  }
  return rows.slice(0, RECIPE_INGREDIENTS_MAX);
}

type StepRead = ImportRecipe['steps'][number] & { section: string };

/** recipeInstructions' steps in order: text (one step a line), HowToStep, HowToSection (flattened). */
function collectSteps(value: Json | undefined, section: string, out: StepRead[], depth = 0): void {
  for (const entry of valuesOf(value)) {
    if (out.length >= MAX_LINES || depth > MAX_DEPTH) return;
    if (typeof entry === 'string' || typeof entry === 'number') {
      for (const line of textLines(String(entry))) out.push({ text: line, timer_minutes: null, section });
    } else if (isObject(entry) && entry.itemListElement !== undefined) {
      collectSteps(entry.itemListElement, plain(entry.name), out, depth + 1);
    } else if (isObject(entry)) {
      const text = plain(entry.text) || plain(entry.name) || plain(entry.description);
      const timer = minutesOf(entry.timeRequired ?? entry.performTime ?? entry.totalTime);
      const timer_minutes = timer !== null && timer >= 1 && timer <= RECIPE_TIMER_MAX ? timer : null;
      if (text) out.push({ text, timer_minutes, section });
    }
  }
}

/**
 * The steps, at most 50 of 1000 characters. Our steps have no sections: when a recipe has two or more
 * (the dough, the filling), each one's first step starts with its name so the split is not lost; a
 * lone section's name ('Instructions') says nothing and is dropped.
 */
function stepsOf(value: Json | undefined): ImportRecipe['steps'] {
  const read: StepRead[] = [];
  collectSteps(value, '', read);
  const sections = new Set(read.map((step) => step.section).filter(Boolean));
  return read.slice(0, RECIPE_STEPS_MAX).map((step, i) => {
    const opens = sections.size > 1 && step.section && step.section !== read[i - 1]?.section;
    const text = opens ? `${step.section}: ${step.text}` : step.text;
    return { text: clip(text, RECIPE_STEP_MAX), timer_minutes: step.timer_minutes };
  });
}

/** The page's <title>, for a Recipe that names itself nowhere. */
function pageTitle(doc: Document): string {
  const [title] = findAll((el) => el.name === 'title', doc.children);
  return title ? tidy(textContent(title)) : '';
}

/** The import for one Recipe node, or null when it lists no ingredients (nothing to cook from). */
function importOf(node: JsonObject, pageUrl: string, doc: Document): RecipeImport | null {
  const ingredients = ingredientsOf(node.recipeIngredient ?? node.ingredients);
  if (ingredients.length === 0) return null;
  const prep = minutesOf(node.prepTime);
  const total = minutesOf(node.totalTime);
  // Without cookTime, what totalTime has beyond the prep is the cooking.
  const rest = total !== null && total > (prep ?? 0) ? total - (prep ?? 0) : null;
  const title = plain(node.name) || plain(node.headline) || pageTitle(doc);
  return {
    recipe: {
      title: clip(title, RECIPE_TITLE_MAX),
      servings: servingsOf(node.recipeYield ?? node.yield),
      prep_minutes: prep,
      cook_minutes: minutesOf(node.cookTime) ?? rest,
      diet_tags: dietTagsOf(node.suitableForDiet),
      ingredients,
      steps: stepsOf(node.recipeInstructions),
      source_url: pageUrl,
    },
    description: clip(textLines(rawText(node.description)).join('\n'), POST_CONTENT_MAX_LENGTH),
    source_name: new URL(pageUrl).hostname.replace(/^www\./, ''),
  };
}

/**
 * The recipe a page describes with schema.org data, filled in as the form's fields, or null when it
 * has none (or one without ingredients). `pageUrl` is the address the page was read from, after
 * redirects: the recipe's source.
 */
export function readRecipe(html: string, pageUrl: string): RecipeImport | null {
  const doc = parseHtml(html);
  // Microdata only when the JSON-LD has no recipe to give; a page listing thousands is read for a few.
  for (const read of [jsonLdRecipes, microdataRecipes]) {
    for (const node of read(doc).slice(0, MAX_CANDIDATES)) {
      const found = importOf(node, pageUrl, doc);
      if (found) return found;
    }
  }
  return null;
}
