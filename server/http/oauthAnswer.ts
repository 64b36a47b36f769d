/** An OAuth error as RFC 6749 answers it: `{ error, error_description }` with its status. */
export class OAuthAnswer extends Error {
  readonly statusCode: number;
  readonly body: { error: string; error_description: string };
  constructor(error: { code?: number; name: string; message: string }) {
    super(error.message);
    this.statusCode = error.code ?? 400;
    this.body = { error: error.name, error_description: error.message };
  }
}
