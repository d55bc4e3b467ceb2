import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where the build machines keep the shared test data, whatever folder a checkout was cloned into. */
const BUILD_MACHINE_FACES = '/work/shared/data/faces';

/**
 * The labeled faces the face-search and photo-quality tests and benches read (never copied into the project):
 * FACES_FOLDER when set, else `shared/data/faces` beside this checkout or beside one of its parents (a worktree
 * sits deeper than the main checkout), else the build machines' copy. Throws, saying where it looked, when none
 * is there: a test without its data fails rather than passing on nothing.
 */
export function facesFolder(): string {
  if (process.env.FACES_FOLDER) return process.env.FACES_FOLDER;
  for (let folder = path.resolve(import.meta.dirname, '..', '..', '..'); ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'shared', 'data', 'faces');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) break;
  }
  if (existsSync(BUILD_MACHINE_FACES)) return BUILD_MACHINE_FACES;
  throw new Error(
    `the labeled faces (shared/data/faces) are neither beside this checkout nor at ${BUILD_MACHINE_FACES}: set FACES_FOLDER`,
  );
}
