import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Runs the check as if on Node `version`: a preload gives `process.versions.node` that value. */
function checkAs(version: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'splikz-node-'));
  const preload = path.join(dir, 'pretend.cjs');
  writeFileSync(
    preload,
    `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });`,
  );
  return spawnSync(process.execPath, ['--require', preload, path.join(root, 'scripts/check-node.cjs')], {
    encoding: 'utf8',
  });
}

describe('the Node check before npm start and npm test', () => {
  it('stops a Node older than 22 with one sentence naming the version and the way out', () => {
    const old = checkAs('20.20.2');
    expect(old.status).toBe(1);
    const said = old.stderr.trim().split('\n');
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('Splikz needs Node 22 or 24, and this is Node 20.20.2');
    expect(said[0]).toContain('. scripts/use-node-24.sh');
  });

  it('lets Node 22 and 24 through without a word', () => {
    for (const version of ['22.12.0', '24.22.3']) {
      const ok = checkAs(version);
      expect(ok.status).toBe(0);
      expect(ok.stderr).toBe('');
    }
  });

  it('runs before the commands the README gives, and first in the server bundle', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    expect(scripts.prestart).toBe('node scripts/check-node.cjs');
    expect(scripts.pretest).toBe('node scripts/check-node.cjs');
    expect(readFileSync(path.join(root, 'scripts/buildServer.mjs'), 'utf8')).toContain(
      "Number(process.versions.node.split('.')[0]) < 22",
    );
  });
});
