// @ts-check
// What a heap holds, by constructor: count and self size of each kind of object in a V8 heap snapshot, and with
// a second snapshot, what grew between the two (divided by --per=N, e.g. the number of sockets opened between
// them, for the bytes each one costs). Retained size per constructor is also given (from the dominator tree).
//
//   node bench/heap-by-constructor.mjs BEFORE.heapsnapshot [AFTER.heapsnapshot] [--per=2000] [--top=40]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith('--'));
const numberOption = (name, fallback) => {
  const flag = args.find((arg) => arg.startsWith(`--${name}=`));
  return flag ? Number(flag.slice(name.length + 3)) : fallback;
};
const PER = numberOption('per', 1);
const TOP = numberOption('top', 40);

/** Count, self and retained size per "type:name" of a heap snapshot. */
function summarise(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: nodeFields, edge_fields: edgeFields, node_types: nodeTypes } = snapshot.snapshot.meta;
  const edgeTypes = snapshot.snapshot.meta.edge_types[0];
  const { nodes, edges, strings } = snapshot;
  const nodeWidth = nodeFields.length;
  const edgeWidth = edgeFields.length;
  const typeAt = nodeFields.indexOf('type');
  const nameAt = nodeFields.indexOf('name');
  const sizeAt = nodeFields.indexOf('self_size');
  const edgeCountAt = nodeFields.indexOf('edge_count');
  const edgeTypeAt = edgeFields.indexOf('type');
  const toNodeAt = edgeFields.indexOf('to_node');
  const count = nodes.length / nodeWidth;
  const kinds = nodeTypes[0];
  const keyOf = (n) => {
    const type = kinds[nodes[n * nodeWidth + typeAt]];
    const name = strings[nodes[n * nodeWidth + nameAt]];
    if (type === 'object' || type === 'closure' || type === 'native') return `${type}:${name}`;
    if (type === 'hidden' || type === 'code' || type === 'array') return `${type}:${name.slice(0, 60)}`;
    return type;
  };

  // Dominators (Cooper, Harvey, Kennedy), ignoring weak edges, from node 0 (the synthetic root).
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e;
    e += nodes[n * nodeWidth + edgeCountAt] * edgeWidth;
    firstEdge[n + 1] = e;
  }
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const order = new Uint32Array(count);
  const postIndex = new Int32Array(count).fill(-1);
  const visited = new Uint8Array(count);
  const stack = [0];
  const cursor = new Uint32Array(count);
  visited[0] = 1;
  let post = 0;
  while (stack.length > 0) {
    const n = stack[stack.length - 1];
    let pushed = false;
    for (let e = firstEdge[n] + cursor[n] * edgeWidth; e < firstEdge[n + 1]; e += edgeWidth) {
      cursor[n]++;
      const type = edges[e + edgeTypeAt];
      if (type === weak || type === shortcut) continue;
      const to = edges[e + toNodeAt] / nodeWidth;
      if (visited[to]) continue;
      visited[to] = 1;
      stack.push(to);
      pushed = true;
      break;
    }
    if (!pushed) {
      stack.pop();
      order[post] = n;
      postIndex[n] = post++;
    }
  }
  /** @type {number[][]} */
  const predecessors = Array.from({ length: count }, () => []);
  for (let n = 0; n < count; n++) {
    if (postIndex[n] < 0) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeWidth) {
      const type = edges[e + edgeTypeAt];
      if (type === weak || type === shortcut) continue;
      predecessors[edges[e + toNodeAt] / nodeWidth].push(n);
    }
  }
  const dominator = new Int32Array(count).fill(-1);
  dominator[0] = 0;
  const intersect = (a, b) => {
    while (a !== b) {
      while (postIndex[a] < postIndex[b]) a = dominator[a];
      while (postIndex[b] < postIndex[a]) b = dominator[b];
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = post - 1; i >= 0; i--) {
      const n = order[i];
      if (n === 0) continue;
      let idom = -1;
      for (const p of predecessors[n]) {
        if (dominator[p] < 0) continue;
        idom = idom < 0 ? p : intersect(p, idom);
      }
      if (idom >= 0 && dominator[n] !== idom) {
        dominator[n] = idom;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(count);
  for (let n = 0; n < count; n++) retained[n] = nodes[n * nodeWidth + sizeAt];
  for (let i = 0; i < post; i++) {
    const n = order[i];
    if (n !== 0 && dominator[n] >= 0) retained[dominator[n]] += retained[n];
  }

  const byKind = new Map();
  let total = 0;
  for (let n = 0; n < count; n++) {
    const key = keyOf(n);
    const size = nodes[n * nodeWidth + sizeAt];
    total += size;
    const entry = byKind.get(key) ?? { count: 0, self: 0, retained: 0 };
    entry.count++;
    entry.self += size;
    // Retained: only objects whose dominator is of another kind, so nested ones are not counted twice.
    if (dominator[n] >= 0 && keyOf(dominator[n]) !== key) entry.retained += retained[n];
    byKind.set(key, entry);
  }
  return { total, byKind };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const [before, after] = files.map(summarise);
if (!after) {
  console.log(`total self size ${kb(before.total)}`);
  const rows = [...before.byKind].sort((a, b) => b[1].self - a[1].self).slice(0, TOP);
  for (const [key, { count, self, retained }] of rows)
    console.log(
      `${kb(self).padStart(12)} ${String(count).padStart(8)}  retained ${kb(retained).padStart(12)}  ${key}`,
    );
} else {
  const growth = (after.total - before.total) / PER;
  console.log(`self size ${kb(before.total)} -> ${kb(after.total)}: ${growth.toFixed(0)} B per 1/${PER}`);
  const keys = new Set([...before.byKind.keys(), ...after.byKind.keys()]);
  const rows = [...keys]
    .map((key) => {
      const a = before.byKind.get(key) ?? { count: 0, self: 0, retained: 0 };
      const b = after.byKind.get(key) ?? { count: 0, self: 0, retained: 0 };
      return {
        key,
        count: (b.count - a.count) / PER,
        self: (b.self - a.self) / PER,
        retained: (b.retained - a.retained) / PER,
      };
    })
    .sort((x, y) => Math.abs(y.self) - Math.abs(x.self))
    .slice(0, TOP);
  console.log('   self B   count   retained B  kind (each per 1/--per)');
  for (const { key, count, self, retained } of rows)
    console.log(
      `${self.toFixed(0).padStart(9)} ${count.toFixed(2).padStart(7)} ${retained.toFixed(0).padStart(12)}  ${key}`,
    );
}
