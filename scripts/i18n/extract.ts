import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What the interface says, read from web/ with the TypeScript parser:
 * - keys: the first argument of t('…'), i18n.t('…') and msg('…') (a string, or a template without
 *   substitutions), and <Trans i18nKey="…">; `plural` when the call passes `count`.
 * - strays: interface text written outside them: JSX text, the text attributes a person reads or
 *   hears (aria-label, placeholder, title, alt, label…), and strings handed to toast().
 * A line may opt out with `// i18n-ignore` (a brand name, a code sample).
 */

export interface Key {
  key: string;
  plural: boolean;
  where: string;
  /** An error's key (`error.<code>`): its English template, whose placeholders a translation keeps. */
  english?: string;
}
export interface Stray {
  text: string;
  where: string;
}

const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'description',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);
const KEY_FUNCTIONS = new Set(['t', 'msg']);
const TOAST_METHODS = new Set(['toast', 'success', 'error', 'info', 'warning', 'message', 'loading']);
/** Text that reads the same in every language: the brand, symbols and numbers. */
const UNIVERSAL = /^(Splikz|FaithVerse|[\d\s.,:;!?'"()[\]{}<>/\\|@#%&*+=~^$€£_–—·•…×-]*)$/u;

export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

function literal(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

function hasCount(options: ts.Expression | undefined): boolean {
  return Boolean(
    options &&
      ts.isObjectLiteralExpression(options) &&
      options.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'count'),
  );
}

const readable = (text: string) => /\p{L}/u.test(text) && !UNIVERSAL.test(text.trim());

export function extract(files: string[]): { keys: Key[]; strays: Stray[] } {
  const keys: Key[] = [];
  const strays: Stray[] = [];
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const lines = code.split('\n');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
    const where = (node: ts.Node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      return {
        at: `${path.relative(process.cwd(), file)}:${line + 1}`,
        ignored: /i18n-ignore/.test(lines[line] ?? ''),
      };
    };
    const stray = (node: ts.Node, text: string) => {
      const { at, ignored } = where(node);
      if (!ignored && readable(text)) strays.push({ text: text.trim().replace(/\s+/g, ' '), where: at });
    };
    const visit = (node: ts.Node, insideTrans: boolean): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        const first = literal(node.arguments[0]);
        if (KEY_FUNCTIONS.has(name) && first !== null) {
          keys.push({ key: first, plural: hasCount(node.arguments[1]), where: where(node).at });
        }
        const isToast =
          (ts.isIdentifier(callee) && callee.text === 'toast') ||
          (ts.isPropertyAccessExpression(callee) &&
            ts.isIdentifier(callee.expression) &&
            callee.expression.text === 'toast' &&
            TOAST_METHODS.has(callee.name.text));
        if (isToast) {
          if (first !== null) stray(node.arguments[0]!, first);
          const options = node.arguments[1];
          if (options && ts.isObjectLiteralExpression(options)) {
            for (const p of options.properties) {
              if (ts.isPropertyAssignment(p) && literal(p.initializer) !== null)
                stray(p.initializer, literal(p.initializer)!);
            }
          }
        }
      }
      if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
        const opening = ts.isJsxElement(node) ? node.openingElement : node;
        const tag = opening.tagName.getText(source);
        for (const attribute of opening.attributes.properties) {
          if (!ts.isJsxAttribute(attribute) || !attribute.initializer) continue;
          const name = attribute.name.getText(source);
          const init = attribute.initializer;
          const value = ts.isStringLiteral(init)
            ? init.text
            : ts.isJsxExpression(init)
              ? literal(init.expression)
              : null;
          if (value === null) continue;
          if (tag === 'Trans' && name === 'i18nKey')
            keys.push({ key: value, plural: false, where: where(node).at });
          else if (TEXT_ATTRIBUTES.has(name)) stray(attribute, value);
        }
        if (tag === 'Trans') {
          ts.forEachChild(node, (child) => visit(child, true));
          return;
        }
      }
      if (ts.isJsxText(node) && !insideTrans) stray(node, node.text);
      if (
        ts.isJsxExpression(node) &&
        !insideTrans &&
        node.parent &&
        (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
      ) {
        const text = literal(node.expression);
        if (text !== null) stray(node, text);
      }
      ts.forEachChild(node, (child) => visit(child, insideTrans));
    };
    visit(source, false);
  }
  return { keys, strays };
}

/** The `{{name}}` placeholders of a text, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
}

/** The catalogue entries a key needs in a language: itself, or one per plural category. */
export function entriesFor(key: Key, language: string): string[] {
  if (!key.plural) return [key.key];
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return categories.map((category) => `${key.key}_${category}`);
}
