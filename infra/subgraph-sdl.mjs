// `npm run subgraph-sdl` (after `npm run build`): writes each subgraph's SDL, as its running service serves it,
// to gateway/subgraphs/, from which the build composes the supergraph the gateway ships with. Run it after a
// change to a service's schema; infra/test/subgraph-sdl.test.ts fails until then. The services run on fresh
// backing servers of their own, stopped again at the end.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { printPrefixed, startProduct } from './product.mjs';
import { REPO_ROOT } from './services.mjs';

const say = (line) => printPrefixed('subgraph-sdl', line);

/** What `_service { sdl }` answers at `url`. */
export async function servedSdl(url) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = await response.json();
  const sdl = body?.data?._service?.sdl;
  if (typeof sdl !== 'string') throw new Error(`${url} gave no SDL: ${JSON.stringify(body.errors)}`);
  return sdl;
}

/** Each subgraph's GraphQL URL in a product startProduct started. */
export function subgraphUrls(ports) {
  return {
    events: `http://127.0.0.1:${ports.events}/graphql`,
    media: `http://127.0.0.1:${ports.media}/graphql`,
    billing: `http://127.0.0.1:${ports.billing}/graphql`,
    download: `http://127.0.0.1:${ports.download}/graphql`,
    backup: `http://127.0.0.1:${ports.backup}/graphql`,
    faces: `http://127.0.0.1:${ports.faces}/graphql`,
  };
}

async function main() {
  const { startTestPlatform } = await import(
    pathToFileURL(path.join(REPO_ROOT, 'packages/testing/dist/index.js')).href
  );
  const platform = await startTestPlatform();
  try {
    // Composed from the services themselves: the SDLs in the tree may be the ones out of date.
    const product = await startProduct({
      platformEnv: platform.env,
      gatewayEnv: { SUPERGRAPH: 'composed' },
      log: () => undefined,
    });
    try {
      for (const [name, url] of Object.entries(subgraphUrls(product.ports))) {
        const file = path.join(REPO_ROOT, 'gateway', 'subgraphs', `${name}.graphql`);
        await writeFile(file, await servedSdl(url));
        say(`${name}: ${path.relative(REPO_ROOT, file)}`);
      }
    } finally {
      await product.stop();
    }
  } finally {
    await platform.stop();
  }
  say('now run npm run build: it composes the supergraph the gateway ships with');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
