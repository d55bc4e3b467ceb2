import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { JSDOM } from 'jsdom';
import type { UploadAction } from './uploadItems';
import type { UploadRun } from './uploadQueue';

// A phone's page while 100 photos upload: each file reports its progress many times a second. The grid of
// photos must not render again for those reports, only the upload panel that shows them.

const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://gallery.test/g/ABC123' });
const globals = globalThis as Record<string, unknown>;
for (const name of ['window', 'document', 'navigator', 'localStorage', 'HTMLElement', 'Node', 'Event'])
  Object.defineProperty(globals, name, {
    value: dom.window[name as keyof typeof dom.window],
    configurable: true,
  });
globals.IS_REACT_ACT_ENVIRONMENT = true;

/** Every render of a thumbnail: each render of the grid renders each of its tiles again. */
let tileRenders = 0;
/** The queue's reports, as the real queue makes them while the bytes go to storage. */
let reportProgress: (action: UploadAction) => void = () => undefined;

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
    liveArrivals: [],
    challengeCounts: {},
    hasMore: false,
  },
  loadMore: async () => undefined,
  loadingMore: false,
  addPhoto: () => undefined,
  removePhoto: async () => undefined,
  deleteOwnPhoto: async () => undefined,
  ownerOriginalUrl: async () => '',
};

jest.unstable_mockModule('./useGallery', () => ({ useGallery: () => gallery }));
// No live socket in this test: hearts and the guestbook listen for reconnects only.
jest.unstable_mockModule('../api/liveConnection', () => ({
  liveClient: { subscribe: () => () => undefined, on: () => () => undefined },
  onLiveReconnect: () => () => undefined,
  renewLiveCredentials: () => undefined,
}));
jest.unstable_mockModule('../owner/activity', () => ({ recordActivity: () => undefined }));
jest.unstable_mockModule('./PhotoImage', () => ({
  PhotoImage: ({ alt }: { alt: string }) => {
    tileRenders++;
    return alt;
  },
}));
jest.unstable_mockModule('./uploadQueue', () => ({
  sentOf: () => 0,
  UploadQueue: class {
    constructor(run: UploadRun) {
      reportProgress = run.dispatch;
    }
    add() {}
  },
}));

const { createElement } = await import('react');
const { act } = await import('react');
const { createRoot } = await import('react-dom/client');
const { I18nextProvider } = await import('react-i18next');
const { MemoryRouter } = await import('react-router');
const { ApolloClient, ApolloLink, InMemoryCache } = await import('@apollo/client');
const { ApolloProvider } = await import('@apollo/client/react');
const { testTranslations } = await import('../i18n/testTranslations');
const { AppStateProvider } = await import('../state/AppStateProvider');
const { GalleryView } = await import('./GalleryView');

describe('a gallery page while photos upload', () => {
  const container = document.createElement('div');
  const root = createRoot(container);

  beforeAll(async () => {
    document.body.append(container);
    const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
    const page = createElement(
      I18nextProvider,
      { i18n: testTranslations('en') },
      createElement(
        MemoryRouter,
        { initialEntries: ['/g/ABC123'] },
        createElement(AppStateProvider, null, createElement(GalleryView, { code: 'ABC123' })),
      ),
    );
    await act(async () => root.render(createElement(ApolloProvider, { client, children: page })));
  });
  afterAll(() => act(() => root.unmount()));

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
    const rendersBefore = tileRenders;

    for (let step = 1; step <= 10; step++)
      for (const file of files.slice(0, 3))
        await act(async () => reportProgress({ type: 'progress', id: file.id, sent: step * 400_000 }));

    expect(container.querySelector('[data-testid="upload-overall"]')?.getAttribute('value')).toBe('3');
    expect(tileRenders - rendersBefore).toBe(0);
  });
});
