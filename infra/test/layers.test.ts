import { describe, expect, it } from '@jest/globals';
// @ts-expect-error plain ESM module shared with `npm run import-pairs`
import { folderImports, importPairs } from '../import-pairs.mjs';

// Folders that point one way (docs/development.md, "Layers"), read from the sources as `npm run import-pairs`
// reads them: a layer that imports one above it fails here with the imports that do.

type Imports = Map<string, string[]>;
type Pair = { pair: [string, string]; imports: string[] };

/** The imports from `folder` of `src` into any folder but `allowed`. */
function importsOutside(src: string, folder: string, allowed: string[]): string[] {
  return [...(folderImports(src) as Imports).entries()]
    .filter(([key]) => {
      const [from, to] = key.split('\u0000');
      return from === folder && !allowed.includes(to);
    })
    .flatMap(([, imports]) => imports);
}

describe('layers', () => {
  it("keeps what the web app's browser holds under everything: session/ imports nothing of the app", () => {
    expect(importsOutside('web/src', 'session', [])).toEqual([]);
  });

  it("keeps the web app's requests under every feature: api/ imports session/ alone", () => {
    expect(importsOutside('web/src', 'api', ['session'])).toEqual([]);
  });

  it.each(['services/media/src', 'services/backup/src', 'gateway/src'])(
    'has no two folders of %s importing each other',
    (src) => {
      expect((importPairs(src) as Pair[]).map(({ imports }) => imports)).toEqual([]);
    },
  );
});
