// `npm run build` (and the gateway's image) runs this after tsc: it composes the supergraph the gateway ships
// with from the subgraphs' SDLs kept in the tree, so a gateway starts serving whatever subgraph is down.
import { writeFileSync } from 'node:fs';
import { SHIPPED_SUPERGRAPH_FILE, supergraphOfCommittedSdls } from './shipped-supergraph.js';

writeFileSync(SHIPPED_SUPERGRAPH_FILE, supergraphOfCommittedSdls());
console.log(`supergraph composed into ${SHIPPED_SUPERGRAPH_FILE}`);
