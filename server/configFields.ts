// The environment's fields that take more than a type: URLs, JSON lists of ICE servers, and lists of
// IP addresses and CIDR ranges (TRUST_PROXY, METRICS_ALLOW). config.ts puts them together.
import { isIP } from 'node:net';
import { z } from 'zod';

export const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const httpUrl = optionalUrl(['http', 'https']).refine((v) => v === undefined || URL.canParse(v), {
  message: 'must be an http:// or https:// URL',
});

export const iceServersSchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, like [{"urls":"stun:stun.example.org:3478"}]' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.strictObject({
          urls: z.union([
            z.string().regex(/^(stun|stuns|turn|turns):/),
            z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1),
          ]),
          username: z.string().optional(),
          credential: z.string().optional(),
        }),
        { error: 'must be a JSON list of {"urls": "stun:..." or "turn:...", "username"?, "credential"?}' },
      )
      .optional(),
  );

/** An IP address or a CIDR range of one ('10.0.0.0/8', 'fd00::/8'). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A comma-separated list, trimmed, empty entries dropped. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: a hop count ('1' for one nginx in front) or the proxies' addresses and CIDR ranges.
 * A bare 'true' would take the left-most X-Forwarded-For, which any client writes itself.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' would let any client choose its own address with X-Forwarded-For; write how many proxies stand in front of the app (1 for one nginx) or their addresses, like 127.0.0.1,10.0.0.0/8",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be a hop count between 0 and 10, or proxy addresses' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = listOf(value);
    const bad = entries.find((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrRange(entry));
    if (bad !== undefined || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `'${bad ?? value}' is not an IP address or CIDR range; write a hop count (1) or addresses like 127.0.0.1,10.0.0.0/8`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** METRICS_ALLOW: who may read /metrics, as addresses and CIDR ranges; loopback when unset. */
export const metricsAllowSchema = optionalText.transform((value, ctx) => {
  if (!value) return ['127.0.0.1', '::1'];
  const entries = listOf(value);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad === undefined) return entries;
  ctx.addIssue({ code: 'custom', message: `'${bad}' is not an IP address or CIDR range, like 10.0.0.0/8` });
  return z.NEVER;
});

/**
 * A list of private addresses and CIDR ranges that a read of a member's link may reach anyway (a
 * self-hoster's intranet; the tests' fixture site): RECIPE_IMPORT_ALLOW for 'Import from a link',
 * LINK_PREVIEW_ALLOW_PRIVATE for link cards. Empty when unset: only public ones.
 */
export const addressAllowSchema = optionalText.transform((value, ctx) => {
  if (!value) return [] as string[];
  const entries = listOf(value);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad === undefined) return entries;
  ctx.addIssue({ code: 'custom', message: `'${bad}' is not an IP address or CIDR range, like 10.0.0.0/8` });
  return z.NEVER;
});
