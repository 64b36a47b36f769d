import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { codesDefinedIn, errorKeys } from './errorKeys.ts';
import { entriesFor, extract, type Key } from './extract.ts';

/**
 * Each language's catalogue, cut into parts that load with the code that uses them, so the first
 * screen in Spanish carries the first screen's words and not the whole app's.
 *
 * A part belongs to a *root*: the app's entry (web/main.tsx) or a module the app loads lazily
 * (`import('…')`). A root's part holds the keys used by every module it imports statically, minus
 * those already in the entry's part; modules under common/ add the codes of their error tables (a
 * shared schema's checks, shown when a form is checked in the browser). The `errors` part holds every
 * error the server may answer with (web/api loads it with the first error, then translates by code).
 */

const REPO = path.resolve(import.meta.dirname, '../..');
export const ENTRY = 'web/main.tsx';
/** web/i18n/errors.ts ERRORS_PART. */
export const ERRORS_PART = 'errors';
const ALIASES: Record<string, string> = { '@web/': 'web/', '@common/': 'common/' };

interface ModuleImports {
  statics: string[];
  dynamics: string[];
}

/** `from` imports `specifier`: the repository file it names (relative to the repo), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  let target: string | null = null;
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) target = dir + specifier.slice(alias.length);
  }
  if (specifier.startsWith('.'))
    target = path.relative(REPO, path.resolve(REPO, path.dirname(from), specifier));
  if (target === null) return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(REPO, candidate)))
      return candidate.split(path.sep).join('/');
  }
  return null;
}

function importsOf(file: string): ModuleImports {
  const code = readFileSync(path.join(REPO, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const statics: string[] = [];
  const dynamics: string[] = [];
  const add = (list: string[], specifier: string) => {
    const resolved = resolveImport(file, specifier);
    if (resolved) list.push(resolved);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      !node.importClause?.isTypeOnly &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(statics, node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(statics, node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(dynamics, node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { statics, dynamics };
}

function memo<T>(compute: (file: string) => T): (file: string) => T {
  const found = new Map<string, T>();
  return (file) => {
    if (!found.has(file)) found.set(file, compute(file));
    return found.get(file)!;
  };
}

/** The keys of each root (see above), read from the source as it is now. */
export function partKeys(): Map<string, Key[]> {
  const importsCached = memo(importsOf);
  const keysOf = memo((file: string) => {
    const absolute = path.join(REPO, file);
    const keys = extract([absolute]).keys;
    if (file.startsWith('common/')) keys.push(...errorKeys(codesDefinedIn(absolute)));
    return keys;
  });
  /** Every module `root` loads statically, itself included. */
  const reach = (root: string) => {
    const seen = new Set<string>();
    const stack = [root];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...importsCached(file).statics);
    }
    return seen;
  };
  const keysOfModules = (modules: Iterable<string>) => {
    const byKey = new Map<string, Key>();
    for (const file of modules) {
      for (const key of keysOf(file)) {
        const seen = byKey.get(key.key);
        byKey.set(key.key, seen ? { ...seen, plural: seen.plural || key.plural } : key);
      }
    }
    return byKey;
  };

  const parts = new Map<string, Key[]>();
  const entryKeys = keysOfModules(reach(ENTRY));
  parts.set(ENTRY, [...entryKeys.values()]);
  // Roots are found from the entry: every lazily loaded module of a module some root loads.
  const roots = [ENTRY];
  for (let i = 0; i < roots.length; i++) {
    for (const file of reach(roots[i]!)) {
      for (const lazy of importsCached(file).dynamics) if (!roots.includes(lazy)) roots.push(lazy);
    }
  }
  for (const root of roots.slice(1)) {
    const own = [...keysOfModules(reach(root)).values()].filter((key) => !entryKeys.has(key.key));
    parts.set(root, own);
  }
  parts.set(ERRORS_PART, errorKeys());
  return parts;
}

/** A part's entries in one language's catalogue (English has only its plural forms). */
export function partCatalogue(
  keys: Key[],
  catalogue: Record<string, string>,
  language: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    for (const entry of entriesFor(key, language)) {
      const text = catalogue[entry];
      if (text !== undefined) out[entry] = text;
    }
  }
  return out;
}
