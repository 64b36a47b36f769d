import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, type Dispatcher, request } from 'undici';

/**
 * The one way the server reads an address from outside that a member gave it (a recipe import, a link
 * card and its image), which the server must not be tricked into using against itself or its network
 * (SSRF): only http(s), only public unicast addresses. The address is checked where the socket connects
 * (undici's connect `lookup`), after DNS, so a name that resolves to a public address when checked and
 * a private one when used (DNS rebinding) cannot slip through; IP literals never reach `lookup`, so they
 * are checked before connecting. Redirects are followed by hand so each hop is checked again. One
 * deadline covers every hop and the body, and the body is cut off at a size limit, not buffered.
 *
 * It throws FetchRefused with a kind, which each caller turns into its own answer (the recipe import's
 * import_* errors; a link card that is simply not made).
 */

export interface SafeFetchOptions {
  /** Sent as User-Agent: sites block anonymous clients, and should know who reads them. */
  userAgent: string;
  /** Private addresses and CIDRs read anyway (a self-hoster's intranet; the tests' 127.0.0.2/32). */
  allow?: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** The Accept header. */
  accept: string;
  /** The Content-Types taken; a response without one is taken too (servers forget it). */
  types: RegExp;
}

/** What a reader of web pages asks for and takes (a recipe import, a link card). */
export const HTML_PAGE = {
  accept: 'text/html,application/xhtml+xml',
  types: /^\s*(text\/html|application\/xhtml\+xml)\b/i,
} as const;

export type RefusedKind =
  /** Not an http(s) address at all (the address given, not a redirect). */
  | 'invalid_url'
  /** A private, loopback, link-local or metadata address, here or after a redirect; another scheme. */
  | 'blocked'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  /** The answer is not of the types asked for. */
  | 'wrong_type'
  /** An HTTP error or a network error: `reason` says which, in a few words. */
  | 'failed';

export class FetchRefused extends Error {
  constructor(
    readonly kind: RefusedKind,
    readonly reason?: string,
  ) {
    super(reason ? `${kind}: ${reason}` : kind);
  }
}

export interface Fetched {
  /** The address finally read, after redirects. */
  url: string;
  contentType: string;
  body: Uint8Array;
}

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const WEB_SCHEMES = new Set(['http:', 'https:']);
/** Only 2000::/3 is handed out as global unicast; ipaddr.js calls other IPv6 (::7f00:1) unicast too. */
const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3');

/** Refused before or while connecting: a private address, or a scheme other than http(s). */
class BlockedAddress extends Error {}

/** Whether `address` may be connected to: public unicast, or inside one of the allowed ranges. */
function isReachable(address: string, allowed: readonly Cidr[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() reads ::ffff:127.0.0.1 as the IPv4 address it is.
  const ip = ipaddr.process(address);
  if (allowed.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))) return true;
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_IPV6);
}

/** A `lookup` for net.connect that resolves as dns.lookup does and refuses if any address is private. */
function checkedLookup(allowed: readonly Cidr[]): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const blocked = addresses.length === 0 || addresses.some((a) => !isReachable(a.address, allowed));
      if (blocked) return callback(new BlockedAddress(hostname), '');
      // net asks for all addresses when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };
}

/** `raw` as a URL we may ask for, or BlockedAddress: http(s) only, and an IP literal must be public. */
function checkedUrl(raw: string, base: URL | undefined, allowed: readonly Cidr[]): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused('failed', 'a broken address');
  }
  if (!WEB_SCHEMES.has(url.protocol)) throw new BlockedAddress(url.protocol);
  // WHATWG URL has already written 0x7f.1 and 2130706433 as 127.0.0.1; IPv6 keeps its brackets.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isReachable(host, allowed)) throw new BlockedAddress(host);
  return url;
}

/** What went wrong on the network, in a few words. */
function networkReason(error: unknown): string {
  let code: unknown;
  for (let e: unknown = error; e instanceof Error && code === undefined; e = e.cause) {
    code = (e as NodeJS.ErrnoException).code;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'address not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return typeof code === 'string' && /CERT|SSL|TLS/.test(code)
        ? 'certificate not trusted'
        : 'network error';
  }
}

function isBlocked(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e instanceof BlockedAddress) return true;
  return false;
}

type Body = Dispatcher.ResponseData['body'];

/** Drops an unread body: the connection closes, and the abort's error has a listener (else it crashes). */
const discard = (body: Body) => body.on('error', () => {}).destroy();

/** The body, read until `maxBytes` at most: an answer that goes on for ever is cut off, not buffered. */
async function readBody(body: Body, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      discard(body);
      throw new FetchRefused('too_large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const header = (headers: Dispatcher.ResponseData['headers'], name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** Follows redirects and reads the final answer. */
async function fetchWithin(
  start: URL,
  options: SafeFetchOptions,
  agent: Agent,
  signal: AbortSignal,
  allowed: readonly Cidr[],
): Promise<Fetched> {
  let url = start;
  for (let redirects = 0; ; redirects++) {
    const response = await request(url, {
      dispatcher: agent,
      method: 'GET',
      signal,
      headers: { 'user-agent': options.userAgent, accept: options.accept },
    });
    const { statusCode, headers, body } = response;
    const location = header(headers, 'location');
    if (REDIRECTS.has(statusCode) && location) {
      discard(body);
      if (redirects >= options.maxRedirects) throw new FetchRefused('too_many_redirects');
      url = checkedUrl(location, url, allowed);
      continue;
    }
    if (statusCode < 200 || statusCode > 299) {
      discard(body);
      throw new FetchRefused('failed', `HTTP ${statusCode}`);
    }
    const contentType = header(headers, 'content-type');
    if (contentType && !options.types.test(contentType)) {
      discard(body);
      throw new FetchRefused('wrong_type');
    }
    if (Number(header(headers, 'content-length')) > options.maxBytes) {
      discard(body);
      throw new FetchRefused('too_large');
    }
    return { url: url.href, contentType, body: await readBody(body, options.maxBytes) };
  }
}

/** An allow list's entries as ranges: single addresses are taken as well as CIDRs. */
function parseAllowList(entries: readonly string[]): Cidr[] {
  return entries.map((entry) =>
    ipaddr.parseCIDR(
      entry.includes('/') ? entry : `${entry}/${ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128}`,
    ),
  );
}

/** Whether `raw` is an http(s) address (what safeFetch will try at all). */
export function isWebAddress(raw: string): boolean {
  return URL.canParse(raw) && WEB_SCHEMES.has(new URL(raw).protocol);
}

/**
 * The answer at `url` and the address it was finally read from, after at most `maxRedirects`
 * redirects, or FetchRefused.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<Fetched> {
  if (!isWebAddress(url)) throw new FetchRefused('invalid_url');
  const allowed = parseAllowList(options.allow ?? []);
  // One agent per call: its lookup carries this call's allow list, and nothing outlives the call.
  const agent = new Agent({ connect: { lookup: checkedLookup(allowed) } });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const start = checkedUrl(url, undefined, allowed);
    return await fetchWithin(start, options, agent, controller.signal, allowed);
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (timedOut) throw new FetchRefused('timeout');
    if (isBlocked(error)) throw new FetchRefused('blocked');
    throw new FetchRefused('failed', networkReason(error));
  } finally {
    clearTimeout(timer);
    await agent.destroy();
  }
}

/** The text of an answer, decoded by the charset its server names (UTF-8 when it names none we know). */
export function decodeText(fetched: Fetched): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(fetched.contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(fetched.body);
  } catch {
    return new TextDecoder('utf-8').decode(fetched.body);
  }
}
