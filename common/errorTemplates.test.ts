import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { ERROR_TABLES, ERRORS, errorMessage } from './errors.ts';
import { issueError, renderTemplate } from './errorTemplates.ts';
import { signUpSchema } from './schemas/auth.ts';
import { text } from './schemas/fields.ts';
import { placesQuerySchema } from './schemas/places.ts';
import { updateBioSchema } from './schemas/settings.ts';

describe('errors by code (common/errors.ts)', () => {
  it('define each code once, in one table', () => {
    const codes = ERROR_TABLES.flatMap((table) => Object.keys(table));
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    expect(Object.keys(ERRORS)).toHaveLength(codes.length);
  });

  it('write the English from the template and its params, a plural one by count', () => {
    expect(errorMessage('upload_quota_files', { uploaded: 200, limit: 200 })).toBe(
      'You have uploaded 200 files today; the limit is 200 files a day. Please try again later.',
    );
    expect(errorMessage('rate_limited', { count: 1 })).toBe(
      'Too many attempts. Please wait 1 second and try again.',
    );
    expect(errorMessage('rate_limited', { count: 30 })).toBe(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
    expect(errorMessage('place_not_found', { query: '$& $1' })).toBe(
      'We could not find "$& $1" on the map. Try a city name or a ZIP code.',
    );
    expect(renderTemplate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });
});

describe('a failed check of a shared schema', () => {
  it('keeps its English message and carries its code, params and field', () => {
    const issue = signUpSchema.safeParse({ name: 'Ann', email: 'ann@', password: 'secret1' }).error!
      .issues[0]!;
    expect(issue.message).toBe('Enter a valid email address.');
    expect(issueError(issue)).toEqual({
      code: 'email_invalid',
      message: 'Enter a valid email address.',
      field: 'email',
    });
    const bio = updateBioSchema.safeParse({ bio: 'x'.repeat(151) }).error!.issues[0]!;
    expect(issueError(bio)).toEqual({
      code: 'bio_too_long',
      message: 'Bio must be at most 150 characters.',
      params: { max: 150 },
      field: 'bio',
    });
  });

  it('words text() by its label, and a superRefine by its own code', () => {
    const name = text({ label: 'Full name', min: 1, max: 10 });
    expect(issueError(name.safeParse('x'.repeat(11)).error!.issues[0]!)).toEqual({
      code: 'text_too_long',
      message: 'Full name must be at most 10 characters.',
      params: { label: 'Full name', max: 10 },
    });
    const both = placesQuerySchema.safeParse({ kind: 'churches', q: 'Austin', lat: '1', lng: '2' });
    expect(issueError(both.error!.issues[0]!)).toEqual({
      code: 'place_query_and_point',
      message: 'Search by a city or ZIP code, or by your location, not both.',
    });
  });

  it('has a code for every check of every input schema: no zod default message is left', async () => {
    const dir = path.join(import.meta.dirname, 'schemas');
    const values = [12345, -1000, 0.5, '', ' ', 'x'.repeat(70_000), 'a\u0000b', 'a\nb', null, true, [], {}];
    const unworded: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (name === 'iceServerSchema' || typeof value !== 'object' || value === null || !('_zod' in value))
          continue;
        type Def = { type?: string; shape?: Record<string, unknown>; catchall?: { _zod: { def: Def } } };
        const schema = value as z.ZodMiniType & { _zod: { def: Def } };
        // Inputs are strict objects (common/schemas/fields.test.ts); answers are not checked by anyone.
        if (schema._zod.def.type !== 'object' || schema._zod.def.catchall?._zod.def.type !== 'never')
          continue;
        for (const field of Object.keys(schema._zod.def.shape ?? {})) {
          for (const input of values) {
            for (const issue of schema.safeParse({ [field]: input }).error?.issues ?? []) {
              if (issue.code === 'unrecognized_keys') continue;
              if (issueError(issue).code === 'invalid_input')
                unworded.push(`${file} ${name}.${field}: ${issue.message}`);
            }
          }
        }
      }
    }
    expect([...new Set(unworded)]).toEqual([]);
  });
});
