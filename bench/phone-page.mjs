// @ts-check
// A phone's page as the benches open it in Chromium (bench/phone-upload.mjs, bench/phone-gallery.mjs), and what
// its main thread did, read from Chromium's trace.

/** A phone's screen: 390x844 at 3x, touch. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** Records long tasks from the page's start, before any of its scripts (an init script). */
export function watchLongTasks() {
  window.__longTasks = [];
  new window.PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const NO_TASKS = {
  count: 0,
  total: 0,
  parts: [],
  longest: [],
  cpu: { total: 0, parts: [], over50: 0, largest: [] },
};

/**
 * Long tasks (a `longtask` observer's entries) summed up in a line: the longest, the total blocking time (each
 * task's time over 50 ms) and the eight longest.
 * @param {{ duration: number }[]} tasks
 */
export function longTasksLine(tasks) {
  const longest = tasks.reduce((max, task) => Math.max(max, task.duration), 0);
  const blocking = tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
  const sorted = tasks.map((task) => task.duration).sort((a, b) => b - a);
  const eight = sorted.slice(0, 8).map((duration) => duration.toFixed(0));
  return `longest task ${longest.toFixed(0)} ms, total blocking time ${blocking.toFixed(0)} ms, ${tasks.length} long tasks (over 50 ms)${eight.length ? `; the longest: ${eight.join(', ')} ms` : ''}`;
}

/**
 * The tasks over 50 ms on the renderer's main thread in a Chromium trace after the `mark` (a `console.timeStamp`
 * the bench made in the page), and their time by what ran directly
 * inside them (the browser's event names: FunctionCall, UpdateLayoutTree, Layout, Paint, HitTest...), the rest
 * of a task being "(the task itself)".
 */
export function longTaskParts(events, mark) {
  // Both phones' pages run in renderers of their own: the uploading one, its CPU slowed, has the most.
  const mains = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const ofThread = mains.map((main) => tasksOf(events, main, mark));
  return ofThread.sort((a, b) => b.total - a.total)[0] ?? NO_TASKS;
}

function tasksOf(events, main, mark) {
  const onMain = events.filter(
    (event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur,
  );
  const chosen = events.find(
    (event) => event.pid === main.pid && event.name === 'TimeStamp' && event.args?.data?.message === mark,
  );
  if (!chosen) return NO_TASKS;
  // Not the page's: the collections a bench forces (DevTools' HeapProfiler.collectGarbage) before reading the heap.
  const tasks = tasksAfter(onMain, chosen).filter(({ wall }) => !wall.has('V8.GCLowMemoryNotification'));
  const long = tasks.filter(({ task }) => task.dur > 50_000);
  return {
    count: long.length,
    total: long.reduce((sum, { task }) => sum + task.dur / 1000, 0),
    parts: topOf(summed(long.map(({ wall }) => wall)), 15),
    // The five longest, each with when it began after the choice and its three largest parts.
    longest: long
      .sort((a, b) => b.task.dur - a.task.dur)
      .slice(0, 5)
      .map(({ task, wall }) => ({
        ms: task.dur / 1000,
        at: (task.ts - chosen.ts) / 1e6,
        parts: topOf(wall, 3),
      })),
    // The main thread's CPU (the trace's thread time, `tdur`: what the page's work cost, whatever the machine's
    // load made it wait) over every task, long or not.
    cpu: {
      total: tasks.reduce((sum, { task }) => sum + (task.tdur ?? 0) / 1000, 0),
      parts: topOf(summed(tasks.map(({ cpu }) => cpu)), 10),
      // Tasks by their own CPU: what the page's work holds the thread for, however long the machine's load
      // stretched it (a long task in wall time on a loaded machine can be a short one in thread time).
      over50: tasks.filter(({ task }) => (task.tdur ?? 0) > 50_000).length,
      largest: [...tasks]
        .sort((a, b) => (b.task.tdur ?? 0) - (a.task.tdur ?? 0))
        .slice(0, 5)
        .map(({ task, cpu }) => ({
          ms: (task.tdur ?? 0) / 1000,
          at: (task.ts - chosen.ts) / 1e6,
          parts: topOf(cpu, 3),
        })),
    },
  };
}

/**
 * The page's tasks after the choice, each with its time by what ran directly inside it, wall time (`dur`) and
 * thread time (`tdur`), the rest being "(the task itself)". One pass over the events in order: a task's outermost
 * events each count once, and a task run inside another (a nested loop) counts as part of the outer one.
 */
function tasksAfter(onMain, chosen) {
  const tasks = [];
  /** @type {any} */
  let current = null;
  let taskEnd = 0;
  let reached = 0;
  const add = (parts, name, us) => parts.set(name, (parts.get(name) ?? 0) + us / 1000);
  const close = () => {
    if (!current) return;
    const { task, wall, cpu, covered } = current;
    add(wall, '(the task itself)', task.dur - covered.dur);
    add(cpu, '(the task itself)', (task.tdur ?? 0) - covered.tdur);
    tasks.push(current);
  };
  const events = onMain.filter((event) => event.ts >= chosen.ts).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  for (const event of events) {
    if (event.ts >= taskEnd) {
      close();
      current =
        event.name === 'RunTask'
          ? { task: event, wall: new Map(), cpu: new Map(), covered: { dur: 0, tdur: 0 } }
          : null;
      taskEnd = current ? event.ts + event.dur : 0;
      reached = event.ts;
      continue;
    }
    if (event.ts < reached) continue;
    add(current.wall, event.name, event.dur);
    add(current.cpu, event.name, event.tdur ?? 0);
    current.covered.dur += event.dur;
    current.covered.tdur += event.tdur ?? 0;
    reached = event.ts + event.dur;
  }
  close();
  return tasks;
}

/** Maps of milliseconds by name, added up. */
function summed(maps) {
  const total = new Map();
  for (const map of maps) for (const [name, ms] of map) total.set(name, (total.get(name) ?? 0) + ms);
  return total;
}

/** The `count` largest of a map of milliseconds by name. */
function topOf(map, count) {
  return [...map.entries()]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}
