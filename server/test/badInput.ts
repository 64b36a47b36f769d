import { jsonDepth, MAX_JSON_DEPTH as MAX_DEPTH } from '@server/http/jsonBody.ts';
import { parseFormBody } from '@server/http/mastodonScope.ts';
import fc from 'fast-check';
import qs from 'qs';
import { multipartJunk } from './badMultipart.ts';

// Generated bad input for every mutating route (server/http/generatedInput.test.ts): broken fields
// derived from the shared zod schemas, bodies the parser must refuse, hostile path ids and multipart
// junk, each case with what the server must do with it. Heavy values (1 MB strings, deep nesting,
// 10 kB ids) are built once: generating 70,000 cases must cost less than sending them.

/** The app's body limit (bodyLimit in server/app.ts). */
const BODY_LIMIT = 64 * 1024;

// ---- What a schema says about its fields (zod mini definitions, read as data) ----

type Def = Record<string, any> & { type: string };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

interface Field {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'enum' | 'other';
  required: boolean;
  min?: number;
  max?: number;
  values?: unknown[];
}

/** The fields of an object schema: type, bounds, allowed values, required or not. */
function fieldsOf(schema: unknown): Field[] {
  const shape = (defOf(schema).shape ?? {}) as Record<string, unknown>;
  return Object.entries(shape).map(([key, fieldSchema]) => {
    const field: Field = { key, type: 'other', required: true };
    let def = defOf(fieldSchema);
    for (;;) {
      if (def.type === 'optional' || def.type === 'default') field.required = false;
      if (def.innerType) def = defOf(def.innerType);
      else if (def.type === 'pipe') def = defOf(def.in);
      else break;
    }
    for (const check of def.checks ?? []) {
      const c = defOf(check) as Def & { check?: string };
      if (c.check === 'max_length' || c.check === 'less_than') field.max = c.maximum ?? c.value;
      if (c.check === 'min_length' || c.check === 'greater_than') field.min = c.minimum ?? c.value;
    }
    if (['string', 'number', 'boolean'].includes(def.type)) field.type = def.type as Field['type'];
    if (def.type === 'enum') [field.type, field.values] = ['enum', Object.values(def.entries)];
    if (def.type === 'union' && def.options.every((o: unknown) => defOf(o).type === 'literal')) {
      [field.type, field.values] = ['enum', def.options.flatMap((o: unknown) => defOf(o).values)];
    }
    return field;
  });
}

const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: min, maxLength: max });

/** A valid value of a plain field; fields with further rules (email, URL, regex) need an override. */
function validValue(field: Field): fc.Arbitrary<unknown> {
  if (field.type === 'enum') return fc.constantFrom(...field.values!);
  if (field.type === 'boolean') return fc.boolean();
  if (field.type === 'number') {
    return fc.integer({ min: Math.ceil(field.min ?? -1000), max: Math.floor(field.max ?? 1000) });
  }
  const min = Math.max(1, field.min ?? 1);
  return letters(min, Math.min(field.max ?? 24, min + 24));
}

/**
 * Valid bodies of an object schema: every required field, optional ones present or not. A field
 * given an override is always sent (a circle's `mode`: left out, it would be live).
 */
export function validBodies(
  schema: unknown,
  overrides: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fieldsOf(schema)) {
    const override = overrides[field.key];
    record[field.key] =
      override ??
      (field.required ? validValue(field) : fc.option(validValue(field), { nil: undefined, freq: 3 }));
  }
  return fc.record(record).map((body) => JSON.parse(JSON.stringify(body)));
}

// ---- Broken values ----

/** C0 controls and DEL; NUL most often, since PostgreSQL refuses it outright. */
const controlChar = fc.oneof(
  { weight: 2, arbitrary: fc.constant('\u0000') },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 0x1f }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constant('\u007f') },
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const insertAt = (text: string, part: string, at: number) =>
  text.slice(0, at % (text.length + 1)) + part + text.slice(at % (text.length + 1));

/** Nested arrays or objects `depth` levels deep. */
const nested = (depth: number, array: boolean) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = array ? [value] : { a: value };
  return value;
};
const built = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
const deepValues = built(() =>
  [MAX_DEPTH + 1, 100, 1000].flatMap((d) => [nested(d, true), nested(d, false)]),
);
const oneMegabyte = built(() => 'é'.repeat(512 * 1024));
const otherJson = fc.jsonValue({ maxDepth: 2, depthSize: 'xsmall' });
const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.constant({ text: 'x' }),
);

/** Values that break one field: control characters, surrogates, lengths, wrong types, nesting. */
function brokenValues(field: Field): fc.Arbitrary<unknown> {
  const anyField = [
    { weight: 1, arbitrary: fc.constantFrom(...deepValues()) },
    { weight: 1, arbitrary: otherJson },
  ];
  if (field.type === 'string') {
    const text = letters(1, 20);
    const over = (field.max ?? 5000) + 1;
    return fc.oneof(
      { weight: 8, arbitrary: fc.tuple(text, controlChar, fc.nat()).map(([t, c, at]) => insertAt(t, c, at)) },
      {
        weight: 1,
        arbitrary: fc.tuple(text, loneSurrogate, fc.nat()).map(([t, c, at]) => insertAt(t, c, at)),
      },
      { weight: 2, arbitrary: fc.integer({ min: over, max: over + 300 }).map((n) => 'x'.repeat(n)) },
      { weight: 1, arbitrary: fc.constant(oneMegabyte()) },
      { weight: 1, arbitrary: fc.constantFrom('', '   ', ' \u00a0 ') },
      { weight: 4, arbitrary: notAString },
      ...anyField,
    );
  }
  if (field.type === 'number') {
    return fc.oneof(
      fc.double({ min: (field.max ?? 1e6) + 0.5, noNaN: true }),
      fc.double({ max: (field.min ?? -1e6) - 0.5, noNaN: true }),
      fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
      fc.constantFrom('12', '1e3', 'NaN', 'Infinity', '', '0x10', true, false, null, [], {}),
      ...anyField,
    );
  }
  if (field.type === 'boolean') {
    return fc.oneof(fc.constantFrom('true', 'false', 1, 0, '', 'yes', null, [], {}, [true]), ...anyField);
  }
  const values = (field.values ?? []).map(String);
  const near = values.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}s`, Number(v) + 1]);
  return fc.oneof(
    fc.constantFrom(...near, 'unknown', '', null, [], {}, 0, true),
    fc.string({ maxLength: 20 }),
    ...anyField,
  );
}

export interface BadBody {
  kind: string;
  payload?: string | Buffer;
  contentType?: string;
}
const asJson = (kind: string) => (body: unknown) => ({
  kind,
  payload: JSON.stringify(body),
  contentType: 'application/json',
});
const PROTOTYPE_KEYS = ['"__proto__":{"admin":true}', '"constructor":{"prototype":{"admin":true}}'];

/** Valid bodies with one thing broken: a field, a missing required field, or a key too many. */
function brokenBodies(schema: unknown, valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<BadBody> {
  const fields = fieldsOf(schema);
  const required = fields.filter((f) => f.required).map((f) => f.key);
  const names = new Set(fields.map((f) => f.key));
  const options = fields.map((field) => ({
    weight: Math.ceil(20 / fields.length),
    arbitrary: fc
      .tuple(valid, brokenValues(field))
      .map(([body, value]) => asJson('field')({ ...body, [field.key]: value })),
  }));
  if (required.length > 0) {
    const missing = fc.tuple(valid, fc.constantFrom(...required)).map(([body, key]) => {
      const { [key]: _dropped, ...rest } = body;
      return rest;
    });
    options.push({ weight: 2, arbitrary: missing.map(asJson('missing key')) });
  }
  const extra = fc
    .tuple(valid, fc.string({ minLength: 1, maxLength: 30 }), otherJson)
    .filter(([, key]) => !names.has(key))
    .map(([body, key, value]) => ({ ...body, [key]: value }));
  options.push({ weight: 3, arbitrary: extra.map(asJson('extra key')) });
  const poisoned = fc.tuple(valid, fc.constantFrom(...PROTOTYPE_KEYS)).map(([body, key]) => ({
    kind: 'prototype key',
    payload: `{${key}${Object.keys(body).length > 0 ? ',' : ''}${JSON.stringify(body).slice(1)}`,
    contentType: 'application/json',
  }));
  options.push({ weight: 1, arbitrary: poisoned });
  return fc.oneof(...options);
}

// Content types no route of ours parses (text/plain is Fastify's default, taken by body-less routes).
const WRONG_TYPES =
  'text/html application/xml application/x-www-form-urlencoded multipart/form-data application/octet-stream application/jsonx application/json-patch+json image/png application */*'.split(
    ' ',
  );
const tooLarge = built(() =>
  [BODY_LIMIT + 1, 200 * 1024, 1024 * 1024].map((size) => JSON.stringify({ content: 'x'.repeat(size) })),
);
const notJson = (s: string) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return true;
  }
};

/**
 * Whole bodies the JSON parser must refuse: not JSON, not an object, too deep, too large, wrong type.
 * `forms`: the route also parses forms (the Mastodon client API's, as its apps send them), so a
 * form is no wrong type there.
 */
function garbageBodies(
  valid: fc.Arbitrary<Record<string, unknown>>,
  textPlain: boolean,
  forms = false,
): fc.Arbitrary<BadBody> {
  const json = 'application/json';
  const notObject = fc.oneof(
    fc.constantFrom(null, 0, -1.5, true, '', 'text', []),
    otherJson.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
    valid.map((body) => [body]),
  );
  const invalidJson = fc.oneof(
    fc.tuple(valid, fc.nat()).map(([body, at]) => {
      const text = JSON.stringify(body);
      return text.slice(0, 1 + (at % (text.length - 1)));
    }),
    fc.constantFrom(...`{'a':1}|{a:1}|{"a":1,}|NaN|undefined|{"a":01}|"open|{}}|[|\u0000`.split('|')),
    fc.string({ minLength: 1, maxLength: 40 }).filter(notJson),
  );
  const deep = fc
    .tuple(fc.integer({ min: MAX_DEPTH + 1, max: 5000 }), fc.boolean())
    .map(([depth, array]) =>
      array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    );
  const wrongTypes = forms
    ? WRONG_TYPES.filter((t) => t !== 'application/x-www-form-urlencoded')
    : WRONG_TYPES;
  const types = ['', ...wrongTypes, ...(textPlain ? ['text/plain', 'TEXT/PLAIN; charset=x'] : [])];
  const wrongType = fc.tuple(
    valid.map((body) => JSON.stringify(body)),
    fc.oneof(
      fc.constantFrom(...types),
      fc
        .tuple(letters(1, 12), letters(1, 12))
        .map(([a, b]) => `${a}/${b}`)
        .filter((t) => !/^(application\/json|text\/plain)$/.test(t)),
    ),
  );
  return fc.oneof(
    notObject.map(asJson('not an object')),
    invalidJson.map((payload) => ({ kind: 'invalid JSON', payload, contentType: json })),
    deep.map((payload) => ({ kind: 'deep', payload, contentType: json })),
    fc.constantFrom(...tooLarge()).map((payload) => ({ kind: 'too large', payload, contentType: json })),
    wrongType.map(([payload, contentType]) => ({ kind: 'content type', payload, contentType })),
    fc.constant({ kind: 'empty JSON', payload: '', contentType: json }),
    valid.map((body) => ({ kind: 'no content type', payload: JSON.stringify(body) })),
  );
}

// ---- Path parameters ----

/** Percent-encodes every character; a lone surrogate becomes bytes that are not UTF-8. */
function encodePathPart(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(char);
  }
  return out;
}

const TRAVERSALS = '%00 ..%2f ..%2f..%2f..%2fetc%2fpasswd %2e%2e%2f ..%5c %5c%5c %2F %0d%0aX-A:%20b'.split(
  ' ',
);
const BROKEN_ESCAPES = '% %zz %C0%AF %FF%FE %E0%80 me null undefined 0 -1 %7B%7D *'.split(' ');
const longIds = built(() => ['a'.repeat(10 * 1024), '%00'.repeat(3500), encodePathPart('é'.repeat(2000))]);

/** What can stand where an id goes: encoded junk, traversal, 10 kB, lookalike ids, others' ids. */
function hostileIds(refused: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...TRAVERSALS, ...BROKEN_ESCAPES),
    fc.constantFrom(...longIds()),
    fc.string({ minLength: 1, maxLength: 80, unit: 'binary' }).map(encodePathPart),
    fc.uuid(),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefXYZ-'), minLength: 1, maxLength: 64 }),
    fc.constantFrom(...refused, '0'),
  );
}

// ---- Cases ----

export interface BadCase extends BadBody {
  method: string;
  url: string;
  /** refused: a 4xx; unchanged: below 500, no table changes; any: the schema takes it, it may pass. */
  expect: 'refused' | 'unchanged' | 'any';
}

export interface Target {
  method: string;
  /** As registered: `/api/posts/:id`, `/api/auth/*`. */
  url: string;
  schema?: { safeParse: (value: unknown) => { success: boolean } };
  valid: fc.Arbitrary<Record<string, unknown>>;
  /** A real id for each path parameter, so a case gets past them to its body. */
  params: Record<string, string>;
  /** Real ids that must never be taken there (other kinds, others' things). */
  refusedIds: string[];
  multipart?: boolean;
  /** The route parses forms as well as JSON (the Mastodon client API's routes). */
  forms?: boolean;
}

export const fillPath = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)|\*/g, (_, name: string | undefined) => values[name ?? '*']!);

const FORM = 'application/x-www-form-urlencoded';
const BROKEN_KINDS = ['field', 'missing key', 'extra key'];

/** A broken body as a form, as Mastodon's apps send one (`poll[options][]=a`): forms routes only. */
const asForm = (body: BadBody): BadBody =>
  BROKEN_KINDS.includes(body.kind)
    ? {
        kind: `${body.kind}, as a form`,
        payload: qs.stringify(JSON.parse(body.payload as string), { arrayFormat: 'brackets' }),
        contentType: FORM,
      }
    : body;

/** What the server must do with a broken body: the schema decides, after the parser's limits. */
function verdict(schema: NonNullable<Target['schema']>, body: BadBody): BadCase['expect'] {
  const text = body.payload as string;
  const form = body.contentType === FORM;
  if (!BROKEN_KINDS.includes(form ? body.kind.replace(/, as a form$/, '') : body.kind)) return 'refused';
  if (Buffer.byteLength(text) > BODY_LIMIT) return 'refused';
  if (form) return schema.safeParse(parseFormBody(text)).success ? 'any' : 'refused';
  if (jsonDepth(text, MAX_DEPTH) > MAX_DEPTH) return 'refused';
  return schema.safeParse(JSON.parse(text)).success ? 'any' : 'refused';
}

/** `count` cases for one route: bad bodies at real ids, and hostile ids with any body. */
export function casesFor(t: Target, count: number, seed: number): BadCase[] {
  const garbage = garbageBodies(t.valid, Boolean(t.schema || t.multipart), t.forms);
  const broken = t.schema && brokenBodies(t.schema, t.valid);
  const bodies = t.multipart
    ? fc.oneof({ weight: 3, arbitrary: multipartJunk() }, garbage)
    : broken
      ? fc.oneof(
          { weight: 3, arbitrary: broken },
          // The same broken bodies as forms, where the route reads forms too.
          ...(t.forms ? [{ weight: 2, arbitrary: broken.map(asForm) }] : []),
          garbage,
        )
      : garbage;
  const url = fillPath(t.url, t.params);
  const atRealIds = bodies.map(
    (b): BadCase => ({ ...b, method: t.method, url, expect: t.schema ? verdict(t.schema, b) : 'refused' }),
  );
  // A case the schema takes is sent alone and may do the real thing (a sign-up hashes a password):
  // 3% of them say enough. A loose schema (Mastodon's, whose `language` may be anything) takes many
  // broken bodies: then more are drawn, from the same seed (the first draws stay the same).
  const sample = (arbitrary: fc.Arbitrary<BadCase>) => {
    let cases: BadCase[] = [];
    for (const numRuns of [Math.ceil(count * 1.1), count * 4]) {
      let accepted = 0;
      cases = fc
        .sample(arbitrary, { numRuns, seed })
        .filter((c) => c.expect !== 'any' || accepted++ < count * 0.03)
        .slice(0, count);
      if (cases.length === count) break;
    }
    return cases;
  };
  const names = Object.keys(t.params);
  if (names.length === 0) return sample(atRealIds);
  const anyBody = fc.oneof(bodies, t.valid.map(asJson('valid body')), fc.constant({ kind: 'no body' }));
  const atHostileIds = fc
    .tuple(fc.subarray(names, { minLength: 1 }), hostileIds(t.refusedIds), anyBody)
    .map(([which, id, body]): BadCase => {
      const values = { ...t.params, ...Object.fromEntries(which.map((name) => [name, id])) };
      return {
        ...body,
        kind: `path, ${body.kind}`,
        method: t.method,
        url: fillPath(t.url, values),
        expect: 'unchanged',
      };
    });
  return sample(fc.oneof(atRealIds, atHostileIds));
}

// ---- Answers ----

/**
 * Whether an answer has the Mastodon client API's error shape (server/http/mastodonScope.ts), which
 * its apps show: { error: "…" } (with `error_code`, or OAuth's `error_description`), non-empty.
 */
export function isMastodonErrorBody(text: string): boolean {
  try {
    const { error } = JSON.parse(text) as { error?: unknown };
    return typeof error === 'string' && error.trim() !== '';
  } catch {
    return false;
  }
}

/** Whether an answer has the app's error shape: { error: { code, message } }, both non-empty. */
export function isErrorBody(text: string): boolean {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return [error?.code, error?.message].every((v) => typeof v === 'string' && v.trim() !== '');
  } catch {
    return false;
  }
}
