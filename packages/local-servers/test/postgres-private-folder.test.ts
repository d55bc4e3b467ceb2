import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { findFreePort, startPostgres, type LocalPostgres } from '../src/index.js';

const isRoot = process.getuid?.() === 0;

// A newcomer who clones as root into root's home (0700 on Debian) and runs `npm start`: PostgreSQL runs as user
// postgres, which cannot enter that folder. Its data must go where it can, and be found again at the next start.
describe('the local PostgreSQL of a checkout in a private folder', () => {
  const home = mkdtempSync(join(tmpdir(), 'private-home-'));
  chmodSync(home, 0o700);
  const checkout = join(home, 'wedding-gallery');
  mkdirSync(checkout);
  const asked = join(checkout, '.data', 'postgres');
  let server: LocalPostgres | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(home, { recursive: true, force: true });
    if (dataDir && dataDir !== asked) rmSync(dataDir, { recursive: true, force: true });
  });

  async function databases(url: string): Promise<string[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database');
      return rows.map((row) => row.datname);
    } finally {
      await client.end();
    }
  }

  it('starts, keeps its data where user postgres can reach it, and finds it again after a restart', async () => {
    const port = await findFreePort();
    server = await startPostgres({ dataDir: asked, port, persistent: true });
    dataDir = server.dataDir;
    await server.createDatabase('gallery_events');
    await server.stop();
    server = undefined;

    server = await startPostgres({ dataDir: asked, port, persistent: true });
    expect(server.dataDir).toBe(dataDir);
    expect(await databases(server.url())).toContain('gallery_events');
    // The private folder stayed private.
    expect(statSync(home).mode & 0o777).toBe(0o700);
    if (isRoot) {
      expect(dataDir).toMatch(/^\/var\/lib\/wedding-gallery\/postgres-[0-9a-f]{12}$/);
      expect(execFileSync('stat', ['-c', '%U', dataDir], { encoding: 'utf8' }).trim()).toBe('postgres');
    } else {
      // Not root: PostgreSQL runs as this user, who can enter the folder.
      expect(dataDir).toBe(asked);
    }
  });
});
