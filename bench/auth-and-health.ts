// Benchmark: GET /api/health vs authenticated GET /api/me, the gzip size of the JS that /auth loads, and a
// sign-in with the password alone beside one with the password and a code of the app (issue 52).
// Prints figures and writes bench/results/auth-and-health.json. Not part of `npm test`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { setupKeyOf, totpCode } from '@server/test/totp.ts';
import { measure } from './load.ts';
import { runBench, saveResults } from './results.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Sign-ins timed of each kind, one after another; each two-factor one by its own member (a code is taken once). */
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 20);

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
  return { count: sorted.length, minMs: at(0), medianMs: at(0.5), p95Ms: at(0.95) };
};

/**
 * Sign-ins as a browser makes them: POST /sign-in/email, then (with two-factor on) POST
 * /two-factor/verify-totp with the code of the present step; each timed until the session is made.
 */
async function signInTimes(server: TestServer, twoFactor: boolean): Promise<number[]> {
  const members = [];
  for (let i = 0; i < SIGN_INS; i++) {
    const member = await signedInMember(server);
    let setupKey = '';
    if (twoFactor) {
      const enabled = await member.client.post('/api/auth/two-factor/enable', {
        password: member.input.password,
      });
      setupKey = setupKeyOf(enabled.body.totpURI);
      await member.client.post('/api/auth/two-factor/verify-totp', { code: await totpCode(setupKey) });
    }
    members.push({ ...member, setupKey });
  }
  const times: number[] = [];
  for (const { input, setupKey } of members) {
    const device = new TestClient(server.baseUrl);
    const code = twoFactor ? await totpCode(setupKey, 1) : '';
    const started = performance.now();
    const first = await device.post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    if (first.status !== 200) throw new Error(`sign-in answered ${first.status}`);
    if (twoFactor) {
      const second = await device.post('/api/auth/two-factor/verify-totp', { code });
      if (second.status !== 200) throw new Error(`the second step answered ${second.status}`);
    }
    times.push(performance.now() - started);
  }
  return times;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * Gzip size of the JavaScript a visitor of /auth downloads: the entry chunk, the lazily loaded
 * AuthScreen chunk, and everything they import statically (from Vite's build manifest).
 */
function authJavaScriptGzipBytes(): {
  bytes: number;
  files: string[];
  catalogues: Record<string, number>;
} | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
  } catch {
    return null;
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const authScreen = Object.keys(manifest).find((key) => key.endsWith('screens/Auth/AuthScreen.tsx'));
  if (!entry || !authScreen) throw new Error('the build manifest has no entry or no AuthScreen chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(authScreen);
  const files = [...seen].map((key) => manifest[key]!.file);
  const gzipOf = (file: string) => gzipSync(readFileSync(path.join('dist', file))).length;
  const bytes = files.reduce((sum, file) => sum + gzipOf(file), 0);
  // A visitor whose language is not English also loads the words of those chunks in that language:
  // the language's list of parts, and the parts of the entry and of AuthScreen (scripts/i18n/parts.ts).
  const catalogues: Record<string, number> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const language =
      /i18n-part\/i18n_([\w-]+?)_(main|screens-Auth-AuthScreen)$/.exec(key)?.[1] ??
      /i18n-parts\/([\w-]+)$/.exec(key)?.[1];
    if (language) catalogues[language] = (catalogues[language] ?? 0) + gzipOf(chunk.file);
  }
  return { bytes, files, catalogues };
}

async function main() {
  const server = await startTestServer('sqlite', GENEROUS_AUTH_LIMITS);
  try {
    const { client } = await signedInMember(server);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Warm up both paths (JIT, caches) before measuring.
    const load = { connections: CONNECTIONS, durationSeconds: DURATION_S };
    await measure(`${server.baseUrl}/api/health`, { ...load, durationSeconds: 3 });
    const health = await measure(`${server.baseUrl}/api/health`, load);
    const me = await measure(`${server.baseUrl}/api/me`, { ...load, headers: { cookie } });
    const ratio = me.requestsPerSecond / health.requestsPerSecond;
    const signIn = stats(await signInTimes(server, false));
    const signInTwoFactor = stats(await signInTimes(server, true));
    const js = authJavaScriptGzipBytes();
    const report = {
      date: new Date().toISOString(),
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      health,
      me,
      meToHealthRatio: Number(ratio.toFixed(3)),
      ratioTarget: 0.1,
      signIn,
      signInTwoFactor,
      authJsGzipKB: js ? Number((js.bytes / 1024).toFixed(1)) : null,
      authJsTargetKB: 150,
      authJsFiles: js?.files ?? [],
      /** The first screen in each other language: the same files plus its words (catalogue parts). */
      authJsGzipKBByLanguage: Object.fromEntries(
        Object.entries(js?.catalogues ?? {}).map(([language, bytes]) => [
          language,
          Number(((js!.bytes + bytes) / 1024).toFixed(1)),
        ]),
      ),
    };
    console.log(`GET /api/health      ${health.requestsPerSecond} req/s   p99 ${health.p99Ms} ms`);
    console.log(`GET /api/me (signed) ${me.requestsPerSecond} req/s   p99 ${me.p99Ms} ms`);
    console.log(`ratio me/health      ${report.meToHealthRatio} (target >= 0.10)`);
    for (const [label, figures] of [
      ['sign-in, password   ', signIn],
      ['sign-in, two-factor ', signInTwoFactor],
    ] as const) {
      console.log(
        `${label}  median ${figures.medianMs} ms  p95 ${figures.p95Ms} ms  (min ${figures.minMs}, ${figures.count} sign-ins)`,
      );
    }
    console.log(
      js
        ? `JS loaded by /auth   ${report.authJsGzipKB} KB gzip in ${js.files.length} files (target <= 150 KB)`
        : 'JS loaded by /auth   no dist/: run "npm run build" first',
    );
    for (const [language, kb] of Object.entries(report.authJsGzipKBByLanguage)) {
      console.log(`  in ${language}          ${kb} KB gzip with its words`);
    }
    saveResults('auth-and-health', report);
  } finally {
    await server.close();
  }
}

runBench(main);
