import { execFile as execFileCallback } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { root } from './deployables.js';

const execFile = promisify(execFileCallback);
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
  engines: { node: string };
};
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

// The images run `npm ci`, which refuses a lock file that lacks a package the manifests ask for (the optional
// platform packages of @swc/core, say): a fresh clone must install as the Dockerfile does.
describe('the images', () => {
  const copy = mkdtempSync(join(tmpdir(), 'lock-check-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('install from a complete lock file: npm ci --dry-run on the manifests alone', async () => {
    // What the Dockerfile copies before its npm ci: the root's package.json and lock file and each workspace's
    // package.json, without node_modules, so npm resolves from the lock file alone.
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(join(root, file), join(copy, file));
    for (const workspace of packageJson.workspaces) {
      mkdirSync(join(copy, workspace), { recursive: true });
      copyFileSync(join(root, workspace, 'package.json'), join(copy, workspace, 'package.json'));
    }
    const result = await execFile(
      'npm',
      ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: copy, env: { ...process.env, npm_config_update_notifier: 'false' } },
    ).then(
      () => 'in sync',
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
    expect(result).toBe('in sync');
  });

  it('copy every workspace’s package.json before npm ci', () => {
    for (const workspace of packageJson.workspaces)
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('run the Node the README names, which package.json admits', () => {
    const stages = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((match) => Number(match[1]));
    expect(stages.length).toBeGreaterThan(0);
    const major = stages[0];
    expect(new Set(stages)).toEqual(new Set([major]));
    expect(readme).toContain(`The images run Node ${major} LTS`);
    expect(packageJson.engines.node).toContain(`>=${major}`);
  });

  it("give the media service's image exiftool, which it does not start without", () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(
      /if \[ "\$\{WORKSPACE\}" = services\/media \]; then[\s\\]*apt-get update && apt-get install -y --no-install-recommends libimage-exiftool-perl/,
    );
  });
});
