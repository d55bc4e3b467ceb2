import './gallery.css';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isDemoGallery, PLANS, uploadWindowRefusal } from '@gallery/contracts';
import type { PrivacySettings } from '../privacy/graphql';
import { VisibilityNotice } from '../privacy/VisibilityNotice';
import { fromApiPlan } from '../api/plan';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import { BusyNotice } from '../ui/BusyNotice';
import { Spinner } from '../ui/Spinner';
import { DemoGalleryNotice } from '../demo/DemoGalleryNotice';
import { GalleryActions } from './GalleryActions';
import { GalleryHeader } from './GalleryHeader';
import { GalleryLoadFailed } from './GalleryLoadFailed';
import { GalleryNotFound } from './GalleryNotFound';
import { GalleryPinScreen } from './GalleryPinScreen';
import { LanguageOffer } from './LanguageOffer';
import { LiveAnnouncer } from './LiveAnnouncer';
import { OfflineGallery } from './OfflineGallery';
import { readSnapshot, rememberLastGallery, saveSnapshot, takeSharedFiles } from './offlineGallery';
import { markChallengeDone, readDoneChallenges } from './challengeProgress';
import { ChallengesPanel } from './ChallengesPanel';
import type { GalleryChallenge } from './graphql';
import type { Photo } from '../api/photos';
import { PhotoGrid } from './PhotoGrid';
import { prepareTileLabels } from './photoTileLabel';
import { filteredTable, MY_PHOTOS, useChallengePhotos } from './useChallengePhotos';
import { GalleryFullNotice } from './GalleryFullNotice';
import { PhotoViewer } from './PhotoViewer';
import { UploadList } from './UploadList';
import { PhotosReadyField } from '../return-mails/PhotosReadyField';
import { readPhotosReady } from '../return-mails/photosReadyStore';
import { myGuestId } from '../session/guestIdentity';
import { useGallery } from './useGallery';
import { track } from '../analytics/track';
import { useAppState } from '../state/AppStateProvider';
import { useUploads } from './useUploads';
import { recordActivity } from '../analytics/activity';
import { HeartsContext } from '../hearts/HeartsContext';
import { HeartsSort, type HeartsOrder } from '../hearts/HeartsSort';
import { useHearts } from '../hearts/useHearts';
import { useSortedPhotos } from '../hearts/useSortedPhotos';
import { GuestbookSection } from '../guestbook/GuestbookSection';
import { readApiError, type ApiError } from '../api/apiErrors';
import { UndoToasts } from '../ui/UndoToast';
import { useUndoableRemoval } from '../ui/useUndoableRemoval';
import { rememberTableFromLink } from './tableCard';
import { TableFilter } from './TableFilter';

/** A gallery without challenges: one list, so the memoized parts given it do not render again for a new one. */
const NO_CHALLENGES: GalleryChallenge[] = [];

export function GalleryView({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const gallery = useGallery(code);
  // While the gallery is read, not in the render of its first tiles.
  useEffect(() => prepareTileLabels(i18n.language), [i18n.language]);
  // Only a gallery the network kept from us is shown from what was seen: a refusal is said as it is.
  const offline = gallery.error?.code === 'SERVICE_UNAVAILABLE';
  const snapshot = useMemo(() => (offline ? readSnapshot(code) : null), [offline, code]);
  const plan = fromApiPlan(gallery.event?.plan ?? snapshot?.event.plan ?? 'FREE');
  const [done, setDone] = useState(() => readDoneChallenges(code));
  const addPhoto = gallery.addPhoto;
  const onUploaded = useCallback(
    (photo: Photo) => {
      addPhoto(photo);
      if (photo.challengeId) setDone(markChallengeDone(code, photo.challengeId));
    },
    [addPhoto, code],
  );
  const uploads = useUploads(code, plan, onUploaded);
  const [viewedId, setViewedId] = useState<string | null>(null);
  // The photos-ready mail's link to "your own photos" opens the gallery on them (?show=mine).
  const [filter, setFilter] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('show') === MY_PHOTOS ? MY_PHOTOS : null,
  );
  const [uploadChallenge, setUploadChallenge] = useState<string | null>(null);
  const myPhotosShown = filter === MY_PHOTOS;
  const showMine = useCallback((shown: boolean) => setFilter(shown ? MY_PHOTOS : null), []);
  // One object while the choice stands: the memoized order pills do not render again with each photo.
  const mineChoice = useMemo(() => ({ shown: myPhotosShown, onShow: showMine }), [myPhotosShown, showMine]);
  // Whether an upload was refused because the gallery is full: read as one yes or no, so the page renders again
  // when that changes, not with each progress report.
  const { progress: uploadProgress } = uploads;
  const limitRefused = useSyncExternalStore(uploadProgress.subscribe, () =>
    uploadProgress.read().some((item) => item.refusal?.code === 'PHOTO_LIMIT_REACHED'),
  );
  // "Tell me when the photos are in" is offered once this guest uploads (and kept in view after a reload).
  const uploaded = useSyncExternalStore(uploadProgress.subscribe, () => uploadProgress.read().length > 0);
  const photosReadyLeft = useMemo(() => readPhotosReady(code) !== null, [code]);
  const filtered = useChallengePhotos(code, filter, gallery.list.photos);
  const hearts = useHearts(code, Boolean(gallery.event));
  const [order, setOrder] = useState<HeartsOrder>('newest');
  const loved = useSortedPhotos(
    code,
    filter || order === 'newest' ? null : order === 'mostLoved' ? 'MOST_LOVED' : 'HIGHLIGHTS',
    gallery.list.photos,
  );
  const galleryName = gallery.event?.name;
  useEffect(() => {
    if (galleryName) track('gallery_view', { gallery_code: code, gallery_name: galleryName });
  }, [code, galleryName]);
  const { dispatch } = useAppState();
  // The couple's Remove in the viewer waits for its Undo toast, as on the event page.
  const [removalFailure, setRemovalFailure] = useState<ApiError | null>(null);
  const removal = useUndoableRemoval(gallery.removePhoto, (_id, failure) =>
    setRemovalFailure(readApiError(failure)),
  );
  // A table card's link (`?table=5`) tags this browser's uploads to the gallery with its table.
  useEffect(() => rememberTableFromLink(code, window.location.search), [code]);
  const { loading, error, event } = gallery;
  useEffect(() => {
    if (loading) dispatch({ type: 'setGalleryLoading', isLoading: true });
    else if (error) dispatch({ type: 'setGalleryError', error: error.code });
    else dispatch({ type: 'setGallery', gallery: event ?? null });
  }, [dispatch, loading, error, event]);

  // One view per opened gallery, for the couple's analytics.
  const openedCode = gallery.event?.code;
  useEffect(() => {
    if (openedCode) recordActivity(openedCode, 'VIEW');
  }, [openedCode]);

  // What this guest sees is kept for a visit without a network, and files shared into the installed app come
  // to the gallery they last opened.
  const seenPhotos = gallery.list.initialized ? gallery.list.photos : null;
  useEffect(() => {
    if (!event || !seenPhotos) return;
    saveSnapshot(event, seenPhotos);
  }, [event, seenPhotos]);
  // Once per gallery, not with each photo added: a write to the Cache API holds a phone's page for a while.
  const lastGalleryCode = seenPhotos ? event?.code : undefined;
  useEffect(() => {
    if (lastGalleryCode) void rememberLastGallery(lastGalleryCode).catch(() => undefined);
  }, [lastGalleryCode]);
  const planKnown = Boolean(event ?? snapshot);
  const { upload, chooseAgain } = uploads;
  // Stable, so the upload panel does not draw its hundred rows again each time a photo joins the grid.
  const chooseAgainFile = useCallback((id: string, file: File) => void chooseAgain(id, file), [chooseAgain]);
  useEffect(() => {
    if (!planKnown) return;
    void takeSharedFiles()
      .then((files) => (files.length > 0 ? upload(files) : undefined))
      .catch(() => undefined);
  }, [planKnown, upload]);
  const retry = gallery.retry;
  const readAgain = useCallback(() => void retry(), [retry]);
  // Stable, so the memoized parts of the page around the grid (actions, challenges) do not render again each
  // time a photo joins it: each such render is tens of milliseconds on a phone.
  const uploadFiles = useCallback(
    (files: File[]) => void upload(files, uploadChallenge),
    [upload, uploadChallenge],
  );
  const uploadForChallenge = useCallback(
    (files: File[], challengeId: string) => void upload(files, challengeId),
    [upload],
  );
  // Stable, so the memoized grid renders again only when its photos change, not with each upload report.
  // The challenge filter and the sorted orders ("Most loved", "Highlights") each read their own pages; the
  // filter wins.
  const filterShown = filtered.photos !== null;
  const sortedShown = loved.photos !== null && !filterShown;
  const { loadMore: loadMoreFiltered } = filtered;
  const { loadMore: loadMoreLoved } = loved;
  const { loadMore: loadMoreGallery } = gallery;
  const loadMore = useCallback(
    () => (sortedShown ? loadMoreLoved() : filterShown ? loadMoreFiltered() : void loadMoreGallery()),
    [sortedShown, filterShown, loadMoreLoved, loadMoreFiltered, loadMoreGallery],
  );

  const sorted = sortedShown ? loved : null;
  const listed = sorted?.photos ?? filtered.photos ?? gallery.list.photos;
  const pending = removal.pending;
  // The same list until it changes: the grid asks for older photos once for each list it is shown.
  const photos = useMemo(
    () => (pending.length > 0 ? listed.filter((photo) => !pending.includes(photo.id)) : listed),
    [listed, pending],
  );

  if (gallery.loading) return <Spinner label={t('gallery.loading')} />;
  if (snapshot)
    return (
      <OfflineGallery
        snapshot={snapshot}
        uploads={{
          ...uploads,
          upload: (files) => void uploads.upload(files),
          chooseAgain: (id, file) => void uploads.chooseAgain(id, file),
        }}
        onOnline={readAgain}
      />
    );
  if (gallery.error?.code === 'PIN_REQUIRED') {
    return <GalleryPinScreen code={code} onEntered={() => void gallery.retry()} />;
  }
  if (gallery.error) return <GalleryLoadFailed error={gallery.error} onRetry={() => void gallery.retry()} />;
  if (!gallery.event) return <GalleryNotFound />;
  if (!gallery.list.initialized) return <Spinner label={t('gallery.loading')} />;

  const { photoCount, liveArrivals, challengeCounts, tableCounts } = gallery.list;
  const photoLimit = PLANS[plan].photoLimit;
  // Full by the server's count (waiting photos too), by what this screen counts, or by an upload just refused.
  const full =
    gallery.event.photoLimitReached === true ||
    (photoLimit !== null && photoCount >= photoLimit) ||
    limitRefused;
  const isOwner = gallery.event.isOwner === true;
  const demo = isDemoGallery(gallery.event.code);
  const challenges = gallery.event.challenges ?? NO_CHALLENGES;
  const shownTable = filteredTable(filter);
  const hasMore = sorted ? sorted.hasMore : filtered.photos ? filtered.hasMore : gallery.list.hasMore;
  const shownPhotoCount = Math.max(0, photoCount - removal.pending.length);
  const shownTotal = myPhotosShown
    ? photos.length
    : shownTable !== null
      ? (tableCounts[shownTable] ?? 0)
      : filter
        ? (challengeCounts[filter] ?? 0)
        : shownPhotoCount;
  const viewedIndex = viewedId ? photos.findIndex((photo) => photo.id === viewedId) : -1;
  // The gallery's own list releases what is far from the screen (a filter's or a sorted order's pages do not).
  // The viewer says where the guest is while it is open, the grid under it once it closes: both at once, one
  // would release what the other reads again.
  const onShown = listed === gallery.list.photos ? gallery.showRange : undefined;
  // Inside the viewer while it is open (the page behind it is inert), on the page once it is closed.
  const undoToasts = (
    <UndoToasts
      items={removal.pending}
      message={t('couplePages.event.photoRemoved')}
      durationMs={removal.delayMs}
      onUndo={removal.undo}
    />
  );

  return (
    <HeartsContext.Provider value={hearts}>
      <div className="gallery-page">
        <LanguageOffer />
        {demo && <DemoGalleryNotice />}
        <GalleryHeader
          event={gallery.event}
          photoCount={shownPhotoCount}
          plan={plan}
          onFiles={full ? undefined : uploadFiles}
          demo={demo}
        />
        {full && photoLimit !== null && (
          <GalleryFullNotice code={gallery.event.code} photoLimit={photoLimit} isOwner={isOwner} />
        )}
        <UploadWindowNote privacy={gallery.event.privacy} />
        <VisibilityNotice privacy={gallery.event.privacy} isOwner={gallery.event.isOwner === true} />
        <GalleryActions
          code={gallery.event.code}
          name={gallery.event.name}
          language={isLanguage(gallery.event.language) ? gallery.event.language : DEFAULT_LANGUAGE}
          full={full}
          owner={isOwner}
        />
        {challenges.length > 0 && (
          <ChallengesPanel
            challenges={challenges}
            counts={challengeCounts}
            total={photoCount}
            plan={plan}
            done={done}
            filter={filter}
            onFilter={setFilter}
            onFiles={uploadForChallenge}
            full={full}
            uploadChallenge={uploadChallenge}
            onUploadChallenge={setUploadChallenge}
          />
        )}
        <TableFilter counts={tableCounts} filter={filter} onFilter={setFilter} />
        <UploadList
          progress={uploads.progress}
          onClear={uploads.clear}
          onRemove={uploads.remove}
          onChooseAgain={chooseAgainFile}
        />
        {!isOwner && (uploaded || photosReadyLeft) && <PhotosReadyField code={gallery.event.code} />}
        <LiveAnnouncer arrivals={liveArrivals} />
        {(!filter || myPhotosShown) && (
          <HeartsSort order={order} onOrder={setOrder} mine={isOwner ? undefined : mineChoice} />
        )}
        {hearts.refusal && (
          <p className="hearts-refusal" role="alert">
            {t(`errors.${hearts.refusal.code}`, { count: hearts.refusal.count })}
          </p>
        )}
        {hearts.busyUntil !== null && (
          <BusyNotice
            until={hearts.busyUntil}
            text={(count) => t('common.busyTryAgain', { count })}
            testId="hearts-busy"
          />
        )}
        <PhotoGrid
          photos={photos}
          hasMore={hasMore}
          loadingMore={
            sorted ? sorted.loadingMore : filtered.photos ? filtered.loadingMore : gallery.loadingMore
          }
          onLoadMore={loadMore}
          onOpen={setViewedId}
          onShown={viewedIndex < 0 ? onShown : undefined}
          emptyText={myPhotosShown ? t('gallery.myPhotosEmpty') : undefined}
        />
        <GuestbookSection code={gallery.event.code} isOwner={gallery.event.isOwner} />
        {removalFailure && (
          <p className="form-error" role="alert">
            {t(`errors.${removalFailure.code}`, { count: removalFailure.count })}
          </p>
        )}
        {viewedIndex < 0 && undoToasts}
        {viewedIndex >= 0 && (
          <PhotoViewer
            onShown={onShown}
            galleryCode={code}
            photos={photos}
            index={viewedIndex}
            total={shownTotal}
            onShow={setViewedId}
            onClose={() => setViewedId(null)}
            hasMore={hasMore}
            onLoadMore={loadMore}
            guestOriginals={gallery.event.privacy?.guestOriginalsAllowed ?? true}
            onRemove={
              gallery.event.isOwner
                ? (photoId) => {
                    const next = photos[viewedIndex + 1] ?? photos[viewedIndex - 1];
                    setRemovalFailure(null);
                    removal.remove(photoId);
                    setViewedId(next?.id ?? null);
                  }
                : undefined
            }
            onHide={
              gallery.event.isOwner
                ? (photoId) => {
                    const next = photos[viewedIndex + 1] ?? photos[viewedIndex - 1];
                    void gallery
                      .hidePhoto(photoId)
                      .then(() => setViewedId(next?.id ?? null))
                      .catch(() => undefined);
                  }
                : undefined
            }
            ownerOriginalUrl={gallery.event.isOwner ? gallery.ownerOriginalUrl : undefined}
            notices={undoToasts}
            myGuestId={myGuestId()}
            onDeleteOwn={
              gallery.event.isOwner
                ? undefined
                : async (photoId) => {
                    const next = photos[viewedIndex + 1] ?? photos[viewedIndex - 1];
                    await gallery.deleteOwnPhoto(photoId);
                    setViewedId(next?.id ?? null);
                  }
            }
          />
        )}
      </div>
    </HeartsContext.Provider>
  );
}

/** Says when the couple's upload window is not open now: media refuses uploads outside it anyway. */
function UploadWindowNote({ privacy }: { privacy?: PrivacySettings }) {
  const { t } = useTranslation();
  if (!privacy) return null;
  const refusal = uploadWindowRefusal(
    {
      uploadsOpenAt: privacy.uploadsOpenAt ? new Date(privacy.uploadsOpenAt) : null,
      uploadsCloseAt: privacy.uploadsCloseAt ? new Date(privacy.uploadsCloseAt) : null,
    },
    new Date(),
  );
  if (!refusal) return null;
  return (
    <p className="upload-window-note" data-testid="upload-window-note">
      {refusal === 'UPLOADS_CLOSED'
        ? t('privacy.uploadsClosed')
        : t('privacy.uploadsNotOpen', { date: formatDateTime(privacy.uploadsOpenAt!) })}
    </p>
  );
}

function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(document.documentElement.lang || undefined, {
    dateStyle: 'long',
    timeStyle: 'short',
  });
}
