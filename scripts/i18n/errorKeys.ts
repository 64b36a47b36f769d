import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { ERRORS } from '../../common/errors.ts';
import { errorKey } from '../../common/errorTemplates.ts';
import type { Key } from './extract.ts';

/**
 * The catalogue keys of errors (common/errors.ts): `error.<code>` for every code the server can send,
 * plural when its English has a form per count. English needs none of them: an error's message is
 * its English, rendered from the same template.
 */
export function errorKeys(codes: Iterable<string> = Object.keys(ERRORS)): Key[] {
  const keys: Key[] = [];
  for (const code of codes) {
    const template = ERRORS[code as keyof typeof ERRORS];
    if (template === undefined) continue;
    keys.push({
      key: errorKey(code),
      plural: typeof template !== 'string',
      english: typeof template === 'string' ? template : template.other,
      where: `common/errors.ts: ${code}`,
    });
  }
  return keys;
}

/**
 * The codes a module defines (the keys of its `defineErrors({ … })` tables): a schema's checks go with
 * the screens that load the schema, so a form shows them translated without waiting for anything.
 */
export function codesDefinedIn(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const codes: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineErrors' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const property of node.arguments[0].properties) {
        if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)))
          codes.push(property.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return codes;
}
