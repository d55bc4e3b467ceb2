import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs `use` with the path of a local file for an original (not yet written), in a folder of its own that is
 * deleted with whatever `use` wrote beside it (a guest copy), however `use` ends.
 */
export async function withTemporaryOriginal<T>(
  prefix: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  try {
    return await use(path.join(folder, 'original'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
