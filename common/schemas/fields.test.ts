import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { text } from './fields.ts';

describe('text()', () => {
  const name = text({ label: 'Full name', min: 1, max: 10 });
  const bio = text({ label: 'Bio', max: 50, multiline: true });

  it('trims, bounds and keeps ordinary text', () => {
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(bio.parse('line one\nline two\twith a tab\r\n')).toBe('line one\nline two\twith a tab');
    expect(name.safeParse('').error?.issues[0]?.message).toBe('Full name is required.');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe(
      'Full name must be at most 10 characters.',
    );
  });

  it('refuses NUL everywhere, line breaks in one-line fields and other controls in all', () => {
    expect(name.safeParse('A\u0000n').error?.issues[0]?.message).toBe(
      'Full name cannot contain NUL characters.',
    );
    expect(bio.safeParse('A\u0000n').error?.issues[0]?.message).toBe('Bio cannot contain NUL characters.');
    for (const control of ['\n', '\r', '\t', '\u0007', '\u001b', '\u007f']) {
      expect(name.safeParse(`A${control}n`).error?.issues[0]?.message).toBe(
        'Full name must be one line, without line breaks or control characters.',
      );
    }
    for (const control of ['\u0001', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f']) {
      expect(bio.safeParse(`A${control}n`).success).toBe(false);
    }
  });
});

// Output shapes (what the server sends) are z.object; every input is a strictObject. Those listed here
// are strict but never parsed from a request.
const NOT_INPUT = new Set(['iceServerSchema']);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Every z.string() reachable from a schema, with where it sits. */
function stringLeaves(schema: unknown, where: string, out: Array<[string, z.ZodMiniType]>) {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      out.push([where, schema as z.ZodMiniType]);
      break;
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        stringLeaves(field, `${where}.${key}`, out);
      }
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
      stringLeaves(def.innerType, where, out);
      break;
    case 'pipe':
      stringLeaves(def.in, where, out);
      break;
    case 'array':
      stringLeaves(def.element, `${where}[]`, out);
      break;
    case 'union':
      for (const option of def.options as unknown[]) stringLeaves(option, where, out);
      break;
    case 'record':
      stringLeaves(def.valueType, `${where}{}`, out);
      break;
  }
}

describe('every text field of every input schema', () => {
  it('refuses NUL and other control characters (it is built with text())', async () => {
    const dir = import.meta.dirname;
    const leaves: Array<[string, z.ZodMiniType]> = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (NOT_INPUT.has(name) || typeof value !== 'object' || value === null || !('_zod' in value))
          continue;
        const def = defOf(value);
        const strict = def.type === 'object' && defOf(def.catchall ?? { _zod: { def: {} } }).type === 'never';
        if (strict) stringLeaves(value, `${file}:${name}`, leaves);
      }
    }
    expect(leaves.length).toBeGreaterThan(40);
    const letThrough = leaves
      .filter(([, leaf]) => ['a\u0000b', 'a\u0001b', 'a\u001bb'].some((v) => leaf.safeParse(v).success))
      .map(([where]) => where);
    expect(letThrough).toEqual([]);
  });
});
