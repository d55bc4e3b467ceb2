import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { installJsdomGlobals } from '../testing/jsdomGlobals';
import type { UploadAction } from './uploadItems';
import type { UploadEntry, UploadRun } from './uploadQueue';

// A phone's page while 100 photos upload: each file reports its progress many times a second. The grid of
// photos must not render again for those reports, only the upload panel that shows them, and that panel not
// with each report; a photo joining the grid must not draw the panel's hundred rows again, nor the page's other
// parts around the grid (header, actions, guestbook...) unless what they show changed; and choosing the hundred
// files must not store them all in one task.

const { dom, globals } = installJsdomGlobals(
  '<!doctype html><html><body></body></html>',
  'https://gallery.test/g/ABC123',
  ['window', 'document', 'navigator', 'localStorage', 'HTMLElement', 'Node', 'Event', 'File'],
);

/** A component's place in React's tree, as React's developer tools read it. */
interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}
/** Function components, plain and memoized without a comparison: the ones whose function runs when rendered. */
const FUNCTION_COMPONENT = 0;
const SIMPLE_MEMO_COMPONENT = 15;
/** React's mark on a component whose function ran in the commit (what the developer tools highlight). */
const PERFORMED_WORK = 1;
/** The names of the components each commit rendered, from the commits React reports to its developer tools. */
let rendered: string[] = [];
const collectRendered = (fiber: Fiber) => {
  const { tag, type, flags } = fiber;
  if ((tag === FUNCTION_COMPONENT || tag === SIMPLE_MEMO_COMPONENT) && flags & PERFORMED_WORK)
    rendered.push((type as { name?: string }).name ?? '');
  // Children React did not visit are the last commit's own: only a visited list is a new one.
  if (fiber.alternate && fiber.child === fiber.alternate.child) return;
  for (let child = fiber.child; child; child = child.sibling) collectRendered(child);
};
globals.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  inject: () => 1,
  onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => collectRendered(root.current),
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
};
/** The components rendered while `change` is under way, by name. */
const renderedBy = async (change: () => void) => {
  rendered = [];
  await act(async () => change());
  return rendered;
};
/** The parts of the page that show neither the photos nor their count: a photo joining the grid renders none. */
const AROUND_THE_GRID = [
  'LanguageOffer',
  'GalleryActions',
  'UploadButton',
  'GuestNameField',
  'DownloadAllButton',
  'UploadList',
  'LiveAnnouncer',
  'HeartsSort',
  'GuestbookSection',
];
/** Writes to the Cache API (the gallery files shared into the app go to) and questions to media queries. */
let cacheWrites = 0;
let mediaQueries = 0;
globals.caches = {
  open: async () => ({ put: async () => void cacheWrites++ }),
  has: async () => false,
};
Object.defineProperty(dom.window, 'matchMedia', {
  value: () => {
    mediaQueries++;
    return { matches: false, addEventListener: () => undefined, removeEventListener: () => undefined };
  },
});

/** Every render of a thumbnail. */
let tileRenders = 0;
/** Every render of a row of the upload panel (rows are memoised, as the real ones). */
let rowRenders = 0;
/** The queue's reports, as the real queue makes them while the bytes go to storage. */
let reportProgress: (action: UploadAction) => void = () => undefined;
/** The requests the page hands its queue (the real ones, to the page's Apollo client). */
let uploadTransport: UploadRun['transport'] | undefined;
/** The files handed to the queue, in the groups it got them. */
const queued: string[][] = [];
/** Files being stored in IndexedDB, each until told it is stored; and every file stored. */
const storing: (() => void)[] = [];
const stored: string[] = [];

const photos = ['p1', 'p2', 'p3'].map((id, index) => ({
  id,
  thumbnailUrl: `https://storage.test/${id}.jpg`,
  previewUrl: `https://storage.test/${id}-preview.jpg`,
  kind: 'photo',
  durationSeconds: null,
  challengeId: null,
  uploadedAt: new Date(Date.UTC(2027, 5, 12, 18, index)).toISOString(),
}));
const gallery = {
  event: {
    code: 'ABC123',
    name: 'Sarah & Mike',
    plan: 'STANDARD',
    photoCount: photos.length,
    createdAt: '2027-06-01T00:00:00.000Z',
    expiresAt: '2028-06-01T00:00:00.000Z',
    language: 'en',
    isOwner: false,
    challenges: [],
  },
  loading: false,
  error: undefined,
  retry: async () => undefined,
  list: {
    photos,
    initialized: true,
    photoCount: photos.length,
    liveArrivals: 0,
    challengeCounts: {},
    tableCounts: {},
    hasMore: false,
  },
  loadMore: async () => undefined,
  loadingMore: false,
  addPhoto: () => undefined,
  removePhoto: async () => undefined,
  deleteOwnPhoto: async () => undefined,
  ownerOriginalUrl: async () => '',
};

/** The gallery as the page reads it; `showGallery` changes it (a photo joins the grid). */
let shownGallery = gallery;
const galleryWatchers = new Set<() => void>();
const showGallery = (next: typeof gallery) => {
  shownGallery = next;
  galleryWatchers.forEach((watcher) => watcher());
};
jest.unstable_mockModule('./useGallery', async () => {
  const { useSyncExternalStore } = await import('react');
  const watch = (watcher: () => void) => {
    galleryWatchers.add(watcher);
    return () => galleryWatchers.delete(watcher);
  };
  return { useGallery: () => useSyncExternalStore(watch, () => shownGallery) };
});
// No live socket in this test: hearts and the guestbook listen for reconnects only.
jest.unstable_mockModule('../api/liveConnection', () => ({
  liveClient: { subscribe: () => () => undefined, on: () => () => undefined },
  onLiveReconnect: () => () => undefined,
  renewLiveCredentials: () => undefined,
}));
jest.unstable_mockModule('../analytics/activity', () => ({ recordActivity: () => undefined }));
jest.unstable_mockModule('./PhotoImage', () => ({
  PhotoImage: ({ alt }: { alt: string }) => {
    tileRenders++;
    return alt;
  },
}));
jest.unstable_mockModule('./UploadRow', async () => {
  const { createElement, memo } = await import('react');
  return {
    UploadRow: memo(function UploadRow({ item }: { item: { name: string } }) {
      rowRenders++;
      return createElement('li', { 'data-testid': 'upload-item' }, item.name);
    }),
  };
});
jest.unstable_mockModule('./uploadQueue', () => ({
  sentOf: () => 0,
  UploadQueue: class {
    constructor(run: UploadRun) {
      reportProgress = run.dispatch;
      uploadTransport = run.transport;
    }
    add(entries: UploadEntry[]) {
      if (entries.length > 0) queued.push(entries.map((entry) => entry.name));
    }
  },
}));
jest.unstable_mockModule('./uploadStore', () => {
  const store = {
    save: (entry: UploadEntry) =>
      new Promise<void>((resolve) =>
        storing.push(() => {
          stored.push(entry.name);
          resolve();
        }),
      ),
    remove: async () => undefined,
    list: async () => [],
  };
  return { availableUploadStore: () => store };
});

const { createElement, Profiler } = await import('react');
const { act } = await import('react');
const { createRoot } = await import('react-dom/client');
const { I18nextProvider } = await import('react-i18next');
const { MemoryRouter } = await import('react-router');
const { ApolloClient, ApolloLink, InMemoryCache } = await import('@apollo/client');
const { EMPTY, of } = await import('rxjs');
const { ApolloProvider } = await import('@apollo/client/react');
const { testTranslations } = await import('../i18n/testTranslations');
const { AppStateProvider } = await import('../state/AppStateProvider');
const { GalleryView } = await import('./GalleryView');
const { UPLOAD_LIST_EVERY_MS, SAVE_GROUP } = await import('./useUploads');
const { UPLOAD_ROWS } = await import('./uploadItems');
const { readApiError } = await import('../api/apiErrors');

/** Commits of the page, whatever they rendered. */
let pageCommits = 0;
/** Lets the time go by as far as the upload panel's next showing, and renders what it shows. */
const nextShowing = () => act(async () => void (await jest.advanceTimersByTimeAsync(UPLOAD_LIST_EVERY_MS)));

/** What the server answers the queue's requests, by operation. */
const ANSWERS: Record<string, Record<string, unknown>> = {
  ConfirmPhotoUpload: {
    confirmPhotoUpload: { __typename: 'Photo', ...photos[0], id: 'p9', awaitingApproval: false },
  },
  RequestPhotoUploads: {
    requestPhotoUploads: [
      { __typename: 'PhotoUploadSlot', uploadId: 'u9', uploadUrl: 'https://storage.test/u9' },
    ],
  },
  ConfirmAndRequestNext: {
    confirmPhotoUpload: { __typename: 'Photo', ...photos[0], id: 'p9', awaitingApproval: false },
    requestPhotoUploads: [
      { __typename: 'PhotoUploadSlot', uploadId: 'u10', uploadUrl: 'https://storage.test/u10' },
    ],
  },
  RequestUploadParts: {
    requestUploadParts: [{ __typename: 'UploadPartUrl', partNumber: 2, url: 'https://storage.test/u9/2' }],
  },
};
/** Refusals the server gives instead, by operation (a refused non-null field nulls the whole answer). */
const REFUSALS: Record<string, { message: string; path: string[]; extensions: { code: string } }[]> = {};
/** The queue's requests, by operation name, in the order sent. */
const sent: string[] = [];
const client = new ApolloClient({
  cache: new InMemoryCache(),
  link: new ApolloLink((operation) => {
    const name = operation.operationName ?? '';
    sent.push(name);
    if (REFUSALS[name]) return of({ data: null, errors: REFUSALS[name] });
    const data = ANSWERS[name];
    return data ? of({ data }) : EMPTY;
  }),
});

describe('a gallery page while photos upload', () => {
  const container = document.createElement('div');
  const root = createRoot(container);

  beforeAll(async () => {
    jest.useFakeTimers();
    document.body.append(container);
    const page = createElement(
      I18nextProvider,
      { i18n: testTranslations('en') },
      createElement(
        MemoryRouter,
        { initialEntries: ['/g/ABC123'] },
        createElement(AppStateProvider, null, createElement(GalleryView, { code: 'ABC123' })),
      ),
    );
    const counted = createElement(Profiler, { id: 'page', onRender: () => void pageCommits++ }, page);
    await act(async () => root.render(createElement(ApolloProvider, { client, children: counted })));
    await nextShowing();
  });
  afterAll(async () => {
    await act(() => root.unmount());
    jest.useRealTimers();
  });

  it('shows each progress report in the upload panel without rendering the photo grid again', async () => {
    expect(container.querySelectorAll('.photo-grid li')).toHaveLength(photos.length);
    const files = Array.from({ length: 100 }, (_, i) => ({
      id: `f${i}`,
      name: `IMG_${i}.jpg`,
      size: 4_000_000,
    }));
    await act(async () =>
      reportProgress({ type: 'add', items: files.map((file) => ({ ...file, sent: 0, status: 'waiting' })) }),
    );
    await nextShowing();
    // The next files in line, not a hundred rows.
    expect(container.querySelectorAll('[data-testid="upload-item"]')).toHaveLength(UPLOAD_ROWS);
    expect(container.querySelector('[data-testid="upload-summary"]')?.textContent).toBe('0 of 100 uploaded');
    const rendersBefore = tileRenders;
    const commitsBefore = pageCommits;

    for (let step = 1; step <= 10; step++)
      for (const file of files.slice(0, 3))
        await act(async () => reportProgress({ type: 'progress', id: file.id, sent: step * 400_000 }));
    await nextShowing();

    expect(container.querySelector('[data-testid="upload-overall"]')?.getAttribute('value')).toBe('3');
    expect(tileRenders - rendersBefore).toBe(0);
    // The 30 reports came in one burst: the panel shows them at once, in one render.
    expect(pageCommits - commitsBefore).toBe(1);
  });

  it('draws only the new tile, not the upload rows nor the other tiles, when a photo joins the grid', async () => {
    const [rowsBefore, tilesBefore] = [rowRenders, tileRenders];
    const [writesBefore, queriesBefore] = [cacheWrites, mediaQueries];
    expect(writesBefore).toBe(1);
    const added = { ...photos[0], id: 'p4', thumbnailUrl: 'https://storage.test/p4.jpg' };
    await act(async () =>
      showGallery({ ...gallery, list: { ...gallery.list, photos: [added, ...photos], photoCount: 4 } }),
    );

    expect(container.querySelectorAll('.photo-grid li')).toHaveLength(4);
    // Its own tile, not the three already there.
    expect(tileRenders - tilesBefore).toBe(1);
    expect(rowRenders - rowsBefore).toBe(0);
    expect(cacheWrites - writesBefore).toBe(0);
    expect(mediaQueries - queriesBefore).toBe(0);
  });

  it('renders only the grid and what shows the count when a photo joins it, not the parts around it', async () => {
    const list = shownGallery.list;
    const mine = { ...photos[1], id: 'p5', thumbnailUrl: 'https://storage.test/p5.jpg' };
    const confirmed = await renderedBy(() =>
      showGallery({
        ...gallery,
        list: { ...list, photos: [mine, ...list.photos], photoCount: list.photoCount + 1 },
      }),
    );
    expect(container.querySelectorAll('.photo-grid li')).toHaveLength(list.photos.length + 1);
    expect(container.querySelector('[data-testid="photo-count"]')?.textContent).toBe('5 photos');
    expect(confirmed).toEqual(expect.arrayContaining(['GalleryView', 'PhotoGrid', 'GalleryHeader']));
    expect(confirmed.filter((name) => AROUND_THE_GRID.includes(name))).toEqual([]);

    // A photo arriving live is announced to screen readers: the announcer renders for it, the rest as above.
    const arrived = { ...photos[2], id: 'p6', thumbnailUrl: 'https://storage.test/p6.jpg' };
    const shown = shownGallery.list;
    const live = await renderedBy(() =>
      showGallery({
        ...gallery,
        list: {
          ...shown,
          photos: [arrived, ...shown.photos],
          photoCount: shown.photoCount + 1,
          liveArrivals: shown.liveArrivals + 1,
        },
      }),
    );
    expect(live).toContain('LiveAnnouncer');
    expect(new Set(live.filter((name) => AROUND_THE_GRID.includes(name)))).toEqual(
      new Set(['LiveAnnouncer']),
    );

    // A photo the couple approved changes the grid, not the count: the header does not render either.
    const approved = await renderedBy(() =>
      showGallery({ ...gallery, list: { ...shownGallery.list, photos: [...shownGallery.list.photos] } }),
    );
    expect(approved).toContain('PhotoGrid');
    expect(approved.filter((name) => name === 'GalleryHeader' || AROUND_THE_GRID.includes(name))).toEqual([]);
  });

  it("sends the upload queue's requests around Apollo's cache", async () => {
    // Each answer written to the cache made Apollo diff every query the page watches, for each file: about a
    // seventh of the phone page's work while 30 photos upload.
    const transport = uploadTransport!;
    const file = { name: 'IMG_9.jpg', contentType: 'image/jpeg', size: 4 } as UploadEntry;
    await act(async () => {
      expect((await transport.requestSlots([file]))[0].uploadId).toBe('u9');
      expect((await transport.requestParts('u9', [2]))[0].url).toBe('https://storage.test/u9/2');
      expect((await transport.confirm('u9', []).photo)?.id).toBe('p9');
      const withNext = transport.confirm('u9', [file]);
      expect((await withNext.photo)?.id).toBe('p9');
      expect((await withNext.slots)[0].uploadId).toBe('u10');
    });
    expect(client.cache.extract()).toEqual({});
  });

  it('asks a confirm again alone when the slots beside it were refused, which nulled its answer', async () => {
    const transport = uploadTransport!;
    const file = { name: 'IMG_9.jpg', contentType: 'image/jpeg', size: 4 } as UploadEntry;
    const refused = (path: string, code: string) => [{ message: code, path: [path], extensions: { code } }];
    const from = sent.length;
    REFUSALS.ConfirmAndRequestNext = refused('requestPhotoUploads', 'RATE_LIMITED');
    await act(async () => {
      const answer = transport.confirm('u9', [file]);
      expect((await answer.photo)?.id).toBe('p9');
      expect(readApiError(await answer.slots.catch((error: unknown) => error)).code).toBe('RATE_LIMITED');
    });
    // (This page never gets a guest identity: it asks for one before each slot request.)
    const asked = sent.slice(from).filter((name) => name !== 'IssueGuestIdentity');
    expect(asked).toEqual(['ConfirmAndRequestNext', 'ConfirmPhotoUpload']);

    // A refused confirm: its refusal, and slots never asked (to be asked again, not a refusal of the next files).
    REFUSALS.ConfirmAndRequestNext = refused('confirmPhotoUpload', 'PHOTO_LIMIT_REACHED');
    await act(async () => {
      const answer = transport.confirm('u9', [file]);
      expect(readApiError(await answer.photo.catch((error: unknown) => error)).code).toBe(
        'PHOTO_LIMIT_REACHED',
      );
      expect(readApiError(await answer.slots.catch((error: unknown) => error)).code).toBe(
        'SERVICE_UNAVAILABLE',
      );
    });
    delete REFUSALS.ConfirmAndRequestNext;
  });

  it('reads and stores a hundred files chosen at once a few at a time, each group on its way once stored', async () => {
    const input = container.querySelector<HTMLInputElement>('[data-testid="photo-file-input"]')!;
    // The first read of a chosen file's size waits on the browser's own process: counted.
    let sizesRead = 0;
    const files = Array.from({ length: 100 }, (_, i) => {
      const file = new File(['jpeg'], `IMG_${1000 + i}.JPG`, { type: 'image/jpeg' });
      const { size } = file;
      return Object.defineProperty(file, 'size', { get: () => (sizesRead++, size) });
    });
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    await act(async () => void input.dispatchEvent(new Event('change', { bubbles: true })));

    // The choice's own task reads the first group only, and nothing is stored before all are listed.
    expect(sizesRead).toBe(SAVE_GROUP * 2);
    expect(storing).toHaveLength(0);
    // The next groups, each in a task of its own.
    await act(async () => void (await jest.advanceTimersByTimeAsync(50)));
    expect(sizesRead).toBe(200);

    // Then each group is stored in a task of its own, and nothing is on its way before it is stored.
    expect(storing).toHaveLength(SAVE_GROUP);
    expect(queued).toHaveLength(0);
    while (storing.length > 0) {
      const group = storing.splice(0);
      expect(group.length).toBeLessThanOrEqual(SAVE_GROUP);
      await act(async () => group.forEach((done) => done()));
    }

    expect(stored).toEqual(files.map((file) => file.name));
    expect(queued.flat()).toEqual(stored);
    expect(Math.max(...queued.map((group) => group.length))).toBe(SAVE_GROUP);
    await nextShowing();
    const rows = () => container.querySelectorAll('[data-testid="upload-item"]');
    expect(rows()).toHaveLength(UPLOAD_ROWS);
    // Every file on request, and back.
    const toggle = () => container.querySelector<HTMLButtonElement>('[aria-controls="upload-list"]')!;
    expect(toggle().textContent).toBe('Show details');
    await act(async () => toggle().click());
    expect(rows()).toHaveLength(200);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await act(async () => toggle().click());
    expect(rows()).toHaveLength(UPLOAD_ROWS);
  });
});
