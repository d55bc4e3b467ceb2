// @ts-check
// Where a Node process's CPU went, by library, from a perf recording (bench/perf-recorder.mjs; ingest's --perf).
//
//   node bench/perf-libraries.mjs DIR/media-round-1.data [DIR/media-round-2.data ...] [--top=12]
//
// Prints each thread's share of the samples (by thread name, the JavaScript thread apart), then the JavaScript
// thread's samples by what they were doing: each sample counts once, for the first of the kinds below that any
// frame of its stack belongs to (a socket write inside an S3 request counts for the AWS SDK), and then the
// JavaScript functions most often on top of the stack. The process must have run with --perf-basic-prof.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** V8's collector, on whichever thread it runs. */
const COLLECTOR =
  /v8::internal::(Heap|Scavenge|MarkCompact|GCTracer|ConcurrentMarking|Sweeper|MinorMarkCompact|ArrayBufferSweeper)/;
/** sharp's JavaScript and its native module, and libvips under it. */
const SHARP = /node_modules\/sharp\/|sharp-linux|libvips/;

/** @type {[string, RegExp][]} */
const KINDS = [
  ['garbage collection', COLLECTOR],
  ['module loading', /node:internal\/modules\/|cjs-module-lexer/],
  ['sharp (its JavaScript and its calls)', SHARP],
  ['AWS SDK (building, signing, sending S3 requests)', /@smithy\/|@aws-sdk\/|@aws-crypto\//],
  ['PostgreSQL (pg, TypeORM)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|typeorm)\//],
  [
    'GraphQL server (Apollo, Nest, express)',
    /@apollo\/|node_modules\/graphql\/|node_modules\/(express|body-parser|router|helmet|negotiator|raw-body)\/|@nestjs\/|@as-integrations\//,
  ],
  ['subgraph requests (undici)', /node_modules\/undici\//],
  ['NATS', /@nats-io\//],
  ["HTTP (Node's client and server)", /node:_http_|node:http /],
  ['files', /node:internal\/fs\/|node:fs /],
  ['streams and sockets', /node:internal\/streams\/|node:internal\/stream_base_commons|node:net /],
  ['the service and its packages', /\/(services|packages|gateway)\/[^/ ]+\/dist\//],
  ['the kernel, no JavaScript on the stack', /\[kernel\.kallsyms\]/],
];

const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (files.length === 0) throw new Error('usage: node bench/perf-libraries.mjs FILE.data... [--top=N]');
const topFlag = process.argv.find((arg) => arg.startsWith('--top='));
const TOP = topFlag ? Number(topFlag.slice(6)) : 12;

const threads = new Map();
const kinds = new Map();
/**
 * Node's other threads (V8's workers and libuv's pool; libvips' own workers are named apart), by what they were
 * doing. Memory calls are the last libc frame perf can walk past, so they are matched by name, whoever made them.
 */
/** @type {[string, RegExp][]} */
const HELPER_KINDS = [
  ['TurboFan compiling', /v8::internal::compiler::|v8::internal::(Optimized|Turbofan)Compil|CompileTask/],
  ['garbage collection', COLLECTOR],
  [
    'memory mapped and unmapped (mmap, munmap, madvise, mprotect)',
    /\b(__mmap|__munmap|__madvise|__mprotect|sysmalloc_mmap)/,
  ],
  ['sharp and libvips', SHARP],
  [
    'files (the thread pool)',
    /uv__fs|uv__work|\sworker \(\/usr\/bin\/node\)|pwritev64|preadv64|__GI___unlink|__GI___libc_(write|read)|llseek|__xstat64|openat64/,
  ],
  ['threads waiting and waking (futex, locks)', /__futex|lll_lock_wait|\ssyscall \(/],
  ['malloc and free', /_int_malloc|_int_free|malloc_consolidate|\smalloc \(|\sfree \(/],
];
const helperKinds = new Map();
const tops = new Map();
let samples = 0;
let mainSamples = 0;
let helperSamples = 0;
/** One sample: its header line (comm pid/tid) and its frames, leaf first. */
function count(header, frames) {
  const match = header.match(/^\s*(.+?)\s+(\d+)\/(\d+)\s*$/);
  if (!match) return;
  const [, comm, pid, tid] = match;
  samples++;
  const thread = pid === tid ? 'JavaScript (main)' : comm.trim();
  threads.set(thread, (threads.get(thread) ?? 0) + 1);
  const stack = frames.join('\n');
  if (pid !== tid) {
    if (thread === 'libvips worker') return;
    helperSamples++;
    const kind = HELPER_KINDS.find(([, pattern]) => pattern.test(stack))?.[0] ?? 'other';
    helperKinds.set(kind, (helperKinds.get(kind) ?? 0) + 1);
    return;
  }
  mainSamples++;
  const kind = KINDS.find(([, pattern]) => pattern.test(stack))?.[0] ?? 'other';
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const js = frames.find((frame) => frame.includes('JS:'));
  if (js) {
    const name = js.replace(/^\s*[0-9a-f]+\s+/, '').replace(/\s*\(\/tmp\/perf-\d+\.map\)$/, '');
    tops.set(name, (tops.get(name) ?? 0) + 1);
  }
}

/**
 * V8 appends each function it compiles to /tmp/perf-PID.map and never takes one out: where the code of a function
 * that died (a module's top level, code thrown away on deoptimization) was reused, two names cover one address, and
 * perf may pick the dead one (a body-parser callback named as the CommonJS lexer). The map is rewritten with the
 * latest name at each address: after a warm-up, the function that is there while the bench measures.
 */
async function keepLatestFunctions(pid) {
  const file = `/tmp/perf-${pid}.map`;
  const entries = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  const kept = []; // by start address, none overlapping another
  for (let i = entries.length - 1; i >= 0; i--) {
    const [startHex, sizeHex] = entries[i].split(' ', 2);
    const start = parseInt(startHex, 16);
    const end = start + parseInt(sizeHex, 16);
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (kept[middle].start < start) low = middle + 1;
      else high = middle;
    }
    const before = kept[low - 1];
    const after = kept[low];
    if ((before && before.end > start) || (after && after.start < end)) continue;
    kept.splice(low, 0, { start, end, line: entries[i] });
  }
  await writeFile(file, kept.map((entry) => `${entry.line}\n`).join(''));
}

for (const file of files) {
  const { stdout: pids } = await run('perf', ['script', '-i', file, '-F', 'pid'], { maxBuffer: 2 ** 31 });
  const pid = pids.trim().split(/\s+/, 1)[0];
  if (pid) await keepLatestFunctions(pid);
  const { stdout } = await run('perf', ['script', '-i', file, '-F', 'pid,tid,comm,ip,sym,dso'], {
    maxBuffer: 2 ** 31,
  });
  // A sample: a header line (comm pid/tid), then its frames, each on a line of its own that starts with blanks.
  let header;
  let frames = [];
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue;
    if (/^\S/.test(line)) {
      if (header) count(header, frames);
      header = line;
      frames = [];
    } else frames.push(line.trim());
  }
  if (header) count(header, frames);
}

const share = (n, of) => `${((100 * n) / of).toFixed(1).padStart(5)}%`;
const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
console.log(`${files.join(', ')}: ${samples} samples of CPU time`);
console.log('by thread:');
for (const [name, n] of sorted(threads)) console.log(`  ${share(n, samples)}  ${name}`);
console.log(`the JavaScript thread (${mainSamples} samples), by what it was doing:`);
for (const [name, n] of sorted(kinds)) console.log(`  ${share(n, mainSamples)}  ${name}`);
console.log(`Node's other threads (${helperSamples} samples), by what they were doing:`);
for (const [name, n] of sorted(helperKinds)) console.log(`  ${share(n, helperSamples)}  ${name}`);
console.log(`the JavaScript thread, functions on top of the stack (the ${TOP} most frequent):`);
for (const [name, n] of sorted(tops).slice(0, TOP))
  console.log(`  ${share(n, mainSamples)}  ${name.slice(0, 150)}`);
