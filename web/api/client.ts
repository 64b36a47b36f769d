import type { ErrorParams } from '@common/errorTemplates.ts';
import type { ApiErrorBody } from '@common/schemas/errors.ts';
import { ERRORS_PART, errorText } from '@web/i18n/errors.ts';
import { i18n, loadCataloguePart } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { reportNetworkFailure, reportNetworkSuccess } from '@web/pwa/connectivity.ts';
import { takeBootAnswer } from './boot.ts';

/**
 * An error the API answered with: its HTTP status, snake_case code and params, the field a failed
 * check is about, and its message in the language shown.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: ErrorParams,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A catalogue key: the error carries i18n.t(NETWORK_MESSAGE). */
export const NETWORK_MESSAGE = msg('Could not reach Splikz. Check your connection and try again.');

/** What an error says when the server answered `status` without saying what went wrong. */
export const httpErrorMessage = (status: number) =>
  i18n.t('The server answered {{status}}. Please try again.', { status });

/** JSON over fetch with the session cookie; every non-2xx answer becomes an ApiError. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
) {
  let response: Response;
  try {
    // The server writes emails in the language the page shows (a new member has not chosen one yet).
    const headers: Record<string, string> = { 'accept-language': i18n.language };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const early = init.method === undefined && init.body === undefined ? takeBootAnswer(path) : undefined;
    const answer = early ? await early : null;
    response =
      answer ??
      (await fetch(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'same-origin',
        signal: init.signal,
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    reportNetworkFailure();
    throw new ApiError(0, 'network_error', i18n.t(NETWORK_MESSAGE));
  }
  reportNetworkSuccess();
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw await errorOfAnswer(response.status, body);
  return body as T;
}

/**
 * The ApiError of a non-2xx answer, translated by its code and params (the errors' catalogue part
 * loads with the first one); the server's English message stands in for a code no catalogue has.
 */
export async function errorOfAnswer(status: number, body: unknown): Promise<ApiError> {
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  if (!error?.message) return new ApiError(status, error?.code ?? 'http_error', httpErrorMessage(status));
  await loadCataloguePart(ERRORS_PART).catch(() => {});
  const code = error.code ?? 'http_error';
  return new ApiError(status, code, errorText({ ...error, code }), error.params, error.field);
}
