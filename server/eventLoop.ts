/** Lets requests run between the batches of a long read or job (SQLite answers synchronously). */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
