/**
 * Errors by code (docs/FEATURES.md, Languages): every error the server sends and every check of a
 * shared schema has a stable snake_case code, and its English is a template with i18next placeholders
 * ('You have uploaded {{uploaded}} files today…'), or one template per English plural form, chosen by
 * `count`. The web translates the code (`error.<code>` in the catalogues) with the error's params; the
 * English message stays for API clients and logs. Each table of templates sits with what uses it (a
 * schema's checks with the schema, so a form's chunk carries only its own); common/errors.ts joins them.
 */

export type ErrorTemplate = string | { readonly one: string; readonly other: string };
export type ErrorTemplates = Readonly<Record<string, ErrorTemplate>>;
export type ErrorParams = Record<string, string | number>;

/** An error as the API answers it: `{ error: ErrorBody }`, and realtime acknowledgements too. */
export interface ErrorBody {
  code: string;
  message: string;
  params?: ErrorParams;
  /** Validation errors: the field the check is about (`keys.p256dh` when nested). */
  field?: string;
}

type Names<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Names<Rest> : never;
/** A template's placeholders; a plural one's always include `count`, which picks the form. */
type NamesOf<T> = T extends string
  ? Names<T>
  : T extends { one: infer One; other: infer Other }
    ? Names<One | Other> | 'count'
    : never;
type ParamsOf<T> = { [Name in NamesOf<T>]: Name extends 'count' ? number : string | number };
/** What a template takes after its code: nothing, or its params. */
export type ParamArgs<T> = [NamesOf<T>] extends [never] ? [] : [params: ParamsOf<T>];

/** A table of templates, with its literal texts kept so each code's params are typed. */
export const defineErrors = <const T extends ErrorTemplates>(templates: T): T => templates;

/** A template in English with its values. */
export function renderTemplate(template: ErrorTemplate, params: ErrorParams = {}): string {
  const text = typeof template === 'string' ? template : params.count === 1 ? template.one : template.other;
  // A function, not a replacement string: member text in a value keeps its `$&`.
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The catalogue key of a code. */
export const errorKey = (code: string) => `error.${code}`;

/** What a zod check takes as its error: the English message, with the code and params put on the issue. */
export interface Rule {
  error: (issue: object) => string;
}

/**
 * The checks of one table: `rule(code, params)` for a zod check's error, `issue(code, params)` for
 * `ctx.addIssue` in a superRefine. The issue keeps the English message (zod's own field) and carries
 * `params: { code, params }`, which issueError reads. (zod copies what an error map adds to the raw
 * issue into the finished one; common/errorTemplates.test.ts holds it to that.)
 */
export function rulesOf<T extends ErrorTemplates>(templates: T) {
  const tag = (code: string, params: ErrorParams | undefined) => (params ? { code, params } : { code });
  return {
    rule<C extends keyof T & string>(code: C, ...args: ParamArgs<T[C]>): Rule {
      const params = args[0] as ErrorParams | undefined;
      const message = renderTemplate(templates[code]!, params);
      return {
        error: (issue) => {
          (issue as { params?: unknown }).params = tag(code, params);
          return message;
        },
      };
    },
    issue<C extends keyof T & string>(code: C, ...args: ParamArgs<T[C]>) {
      const params = args[0] as ErrorParams | undefined;
      return { message: renderTemplate(templates[code]!, params), params: tag(code, params) };
    },
  };
}

/**
 * A failed check as an error: its rule's code and params, and the field from the issue's path. A
 * check no rule of ours words (none should be left) is `invalid_input` with zod's message.
 */
export function issueError(issue: {
  message: string;
  path: readonly PropertyKey[];
  params?: unknown;
}): ErrorBody {
  const tag = issue.params as { code?: unknown; params?: ErrorParams } | undefined;
  const field = issue.path.map(String).join('.');
  return {
    code: typeof tag?.code === 'string' ? tag.code : 'invalid_input',
    message: issue.message,
    ...(tag?.params ? { params: tag.params } : {}),
    ...(field ? { field } : {}),
  };
}
