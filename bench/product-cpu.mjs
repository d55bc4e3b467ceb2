// @ts-check
// The CPU time the product's processes have used so far, read from /proc (bench/proc.mjs): what a bench divides
// by the photos it sent, against bare sharp's (bench/bare-sharp.mjs).
import { cpuMs, cpuMsByThreadName, descendantsCpuMs, minorFaults } from './proc.mjs';

/**
 * CPU time of the processes that share the machine during the product's run: each media replica (all threads,
 * and its JavaScript thread alone), the processes it starts (exiftool, which makes each photo's guest copy; ffmpeg
 * for videos), the gateway(s), the events service, the S3 server and this bench (the
 * guests' uploads).
 */
export async function productCpu(pids, s3Pid) {
  const of = async (names) => {
    let total = 0;
    for (const name of names) total += await cpuMs(pids[name]);
    return total;
  };
  const media = Object.keys(pids).filter((name) => name.startsWith('media'));
  let mediaAll = 0;
  let mediaJs = 0;
  let mediaChildren = 0;
  let mediaPageFaults = 0;
  const mediaThreads = {};
  const mediaReplicas = {};
  for (const name of media) {
    // Replica media-N's requests come through gateway-N (infra/product.mjs).
    const gateway = pids[name.replace('media', 'gateway')];
    const replica = {
      all: await cpuMs(pids[name]),
      js: await cpuMs(pids[name], pids[name]),
      gateway: await cpuMs(gateway),
    };
    mediaReplicas[name] = replica;
    mediaAll += replica.all;
    mediaJs += replica.js;
    mediaChildren += await descendantsCpuMs(pids[name]);
    mediaPageFaults += await minorFaults(pids[name]);
    for (const [thread, used] of Object.entries(await cpuMsByThreadName(pids[name])))
      mediaThreads[thread] = (mediaThreads[thread] ?? 0) + used;
  }
  const own = process.cpuUsage();
  return {
    media: mediaAll,
    mediaJs,
    mediaChildren,
    mediaPageFaults,
    mediaThreads,
    mediaReplicas,
    gateway: await of(Object.keys(pids).filter((name) => name.startsWith('gateway'))),
    events: await of(['events']),
    s3: await cpuMs(s3Pid),
    bench: (own.user + own.system) / 1000,
  };
}
