import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error plain ESM module shared with `npm run import-pairs`
import { folderImports, importPairs, unexplainedPairs } from '../import-pairs.mjs';

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

/** A made-up package whose src/ holds `files` (path -> content); returns its src folder. */
function madeUpSource(files: Record<string, string>): string {
  const src = path.join(mkdtempSync(path.join(tmpdir(), 'layers-')), 'src');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), content);
  }
  return src;
}

describe('the folder check `npm run lint` runs', () => {
  const pair = {
    'orders/order.ts': "import { price } from '../prices/price.js';\nexport const order = price;\n",
    'prices/price.ts': "import type { order } from '../orders/order.js';\nexport const price = 1;\n",
  };

  it('fails on two folders importing each other', () => {
    const src = madeUpSource(pair);
    expect(unexplainedPairs([src], {})).toEqual([`${path.dirname(src)}: orders <-> prices`]);
  });

  it('passes folders that point one way', () => {
    const src = madeUpSource({ ...pair, 'prices/price.ts': 'export const price = 1;\n' });
    expect(unexplainedPairs([src], {})).toEqual([]);
  });

  it("counts the package's entry above its folders, not among the root files they import", () => {
    const src = madeUpSource({
      'index.ts': "export * from './prices/price.js';\nexport * from './units.js';\n",
      'units.ts': 'export const unit = 1;\n',
      'prices/price.ts': "import { unit } from '../units.js';\nexport const price = unit;\n",
    });
    expect(unexplainedPairs([src], {})).toEqual([]);
    // A root file other than the entry importing the folder is a pair.
    writeFileSync(
      path.join(src, 'units.ts'),
      "import { price } from './prices/price.js';\nexport const unit = 1;\n",
    );
    expect(unexplainedPairs([src], {})).toEqual([`${path.dirname(src)}: (src files) <-> prices`]);
  });

  it('lets a pair stay only with its reason in the allowed list', () => {
    const src = madeUpSource(pair);
    const allowed = { [`${path.dirname(src)}: orders <-> prices`]: 'a made-up reason' };
    expect(unexplainedPairs([src], allowed)).toEqual([]);
  });
});

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
