/**
 * Where clicking a push notification goes (web/sw.ts): the screen its data names, on this origin;
 * null for an address anywhere else (another site, `//host`, `javascript:`), which opens nothing.
 */
export function notificationTarget(data: unknown, origin: string): string | null {
  const url = (data as { url?: unknown } | null)?.url;
  let target: URL;
  try {
    target = new URL(typeof url === 'string' && url !== '' ? url : '/', origin);
  } catch {
    return null;
  }
  return target.origin === origin ? target.href : null;
}
