import '../gallery/gallery.css';
import '../gallery/DownloadAllButton.css';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, retryAfterMs } from '../api/apiErrors';
import { isLanguage } from '../i18n/languages';
import { GalleryLoadFailed } from '../gallery/GalleryLoadFailed';
import { galleryPageLink } from '../gallery/galleryUrl';
import { GalleryNotFound } from '../gallery/GalleryNotFound';
import { GalleryPinScreen } from '../gallery/GalleryPinScreen';
import type { Photo } from '../api/photos';
import { PhotoGrid } from '../gallery/PhotoGrid';
import { PhotoViewer } from '../gallery/PhotoViewer';
import { photoTileLabel } from '../gallery/photoTileLabel';
import { useTouchScreen } from '../gallery/UploadButton';
import { BusyNotice } from '../ui/BusyNotice';
import { Button, ButtonLink } from '../ui/Button';
import { CheckboxField } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { useTimedMessage } from '../ui/useTimedMessage';
import { addNotMe, forgetSelfie, keepSelfie, readKeptSelfie, readNotMe } from './findMeStore';
import { FIND_ME, type FoundPhoto } from './graphql';
import { base64Of, SelfieError, selfieFromFile } from './selfie';
import { usePhotosDownload } from './usePhotosDownload';
import './findMe.css';

/** What the page needs of the gallery: its name, whether "Find me" is on, and whether this guest may download. */
const FIND_ME_PAGE_QUERY: TypedDocumentNode<
  {
    event: {
      code: string;
      name: string;
      isOwner: boolean;
      guestDownloadsAllowed: boolean;
      privacy: { guestOriginalsAllowed: boolean } | null;
    } | null;
    findMeAvailable: boolean;
  },
  { code: string }
> = gql`
  query FindMePage($code: String!) {
    event(code: $code) {
      code
      name
      isOwner
      guestDownloadsAllowed
      privacy {
        guestOriginalsAllowed
      }
    }
    findMeAvailable(eventCode: $code)
  }
`;

/** Where a search stands: before one, running, refused (an error code to say), told to wait, or answered. */
type Search =
  | { stage: 'ready' }
  | { stage: 'searching' }
  | { stage: 'refused'; code: string; count?: number }
  | { stage: 'busy'; until: number; selfie: string }
  | { stage: 'found'; photos: FoundPhoto[] };

/** The camera gave nothing (refused, or closed without a photo): said with a way on, not as a server error. */
const NO_PICTURE = 'NO_PICTURE';

/**
 * /gallery/{code}/find-me (/find-me on the couple's own domain): a guest finds the photos they are in. One consent sentence, then a selfie (the front
 * camera on a phone, a file on a desktop) scaled in the browser and sent once; then "Photos of you (N)" as the
 * gallery's grid and viewer, with "Not me" on each (kept on this device) and "Download these". "Keep me
 * findable" keeps the selfie's JPEG on this device only, for a one-tap search next time; "Forget me" deletes it.
 */
export function FindMeView({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const page = useQuery(FIND_ME_PAGE_QUERY, { variables: { code } });
  if (page.loading && !page.data) return <Spinner label={t('common.loading')} />;
  const failure = page.error ? readApiError(page.error) : null;
  if (failure?.code === 'PIN_REQUIRED') {
    return <GalleryPinScreen code={code} onEntered={() => void page.refetch()} />;
  }
  if (failure?.code === 'GALLERY_NOT_FOUND' || (page.data && !page.data.event)) return <GalleryNotFound />;
  if (failure || !page.data?.event) {
    return (
      <GalleryLoadFailed
        error={failure ?? { code: 'INTERNAL', extensions: {} }}
        onRetry={() => void page.refetch()}
      />
    );
  }
  const { event, findMeAvailable } = page.data;
  // Back to the gallery in the language shown here, as the guest chose it, on the address the guest is on.
  const back = galleryPageLink(event.code, isLanguage(i18n.language) ? i18n.language : 'en');
  return (
    <div className="find-me-page">
      <ButtonLink to={back} variant="ghost" size="small" className="back-link">
        <span aria-hidden="true">←</span> {t('findMe.back')}
      </ButtonLink>
      <h1>{t('findMe.pageTitle')}</h1>
      <p className="find-me-gallery">{event.name}</p>
      {findMeAvailable ? (
        <FindMeSearch
          code={event.code}
          mayDownload={event.isOwner || event.guestDownloadsAllowed}
          guestOriginals={event.privacy?.guestOriginalsAllowed ?? true}
        />
      ) : (
        <p className="find-me-message" role="alert">
          {t('errors.FIND_ME_OFF')}
        </p>
      )}
    </div>
  );
}

function FindMeSearch({
  code,
  mayDownload,
  guestOriginals,
}: {
  code: string;
  mayDownload: boolean;
  guestOriginals: boolean;
}) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const phone = useTouchScreen();
  const [search, setSearch] = useState<Search>({ stage: 'ready' });
  const [kept, setKept] = useState(() => readKeptSelfie(code));
  const [keep, setKeep] = useState(() => readKeptSelfie(code) !== null);
  const [notice, showNotice] = useTimedMessage();
  const [dropped, setDropped] = useState(() => readNotMe(code));
  const [viewedId, setViewedId] = useState<string | null>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const find = useCallback(
    async (selfie: string) => {
      setSearch({ stage: 'searching' });
      try {
        const result = await client.mutate({ mutation: FIND_ME, variables: { code, selfie } });
        setSearch({ stage: 'found', photos: result.data?.findMe.photos ?? [] });
        if (keep) {
          keepSelfie(code, selfie);
          setKept(selfie);
        }
      } catch (error) {
        const refusal = readApiError(error);
        const wait = retryAfterMs(refusal);
        setSearch(
          wait === null
            ? { stage: 'refused', code: refusal.code, count: refusal.count }
            : { stage: 'busy', until: Date.now() + wait, selfie },
        );
      }
    },
    [client, code, keep],
  );

  const take = useCallback(
    async (input: HTMLInputElement) => {
      const file = input.files?.[0];
      input.value = '';
      if (!file) return setSearch({ stage: 'refused', code: NO_PICTURE });
      setSearch({ stage: 'searching' });
      try {
        await find(await base64Of(await selfieFromFile(file)));
      } catch (error) {
        setSearch({
          stage: 'refused',
          code: error instanceof SelfieError ? error.code : 'SELFIE_UNREADABLE',
        });
      }
    },
    [find],
  );

  const found = search.stage === 'found' ? search.photos : null;
  const shown = useMemo(
    () =>
      found ? found.filter((photo) => !dropped.includes(photo.id)).map((photo) => asPhoto(code, photo)) : [],
    [found, dropped, code],
  );
  useEffect(() => {
    if (found && found.length > 0) resultsRef.current?.focus();
  }, [found]);

  const notMe = useCallback(
    (photoId: string) => {
      setDropped(addNotMe(code, photoId));
      setViewedId(null);
    },
    [code],
  );
  const notMeButton = useCallback((photo: Photo) => <NotMeButton photo={photo} onNotMe={notMe} />, [notMe]);

  // Told to wait (RATE_LIMITED): the same selfie goes again by itself once the wait is over, as uploads do.
  const busyRetry = search.stage === 'busy' ? search : null;
  useEffect(() => {
    if (!busyRetry) return;
    const timer = setTimeout(() => void find(busyRetry.selfie), Math.max(0, busyRetry.until - Date.now()));
    return () => clearTimeout(timer);
  }, [busyRetry, find]);

  const searching = search.stage === 'searching';
  const viewedIndex = viewedId ? shown.findIndex((photo) => photo.id === viewedId) : -1;
  return (
    <>
      <p className="find-me-consent">{t('findMe.consent')}</p>
      {search.stage === 'refused' && <Refusal code={search.code} count={search.count} />}
      {search.stage === 'busy' && (
        <BusyNotice
          until={search.until}
          text={(count) => t('findMe.busy', { count })}
          testId="find-me-busy"
        />
      )}
      {kept && !searching && (
        <div className="button-row find-me-kept">
          <Button variant="primary" onClick={() => void find(kept)}>
            {t('findMe.searchAgain')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              forgetSelfie(code);
              setKept(null);
              setKeep(false);
              showNotice(t('findMe.forgotten'));
            }}
          >
            {t('findMe.forget')}
          </Button>
        </div>
      )}
      {!searching && (
        <div className="button-row find-me-pickers">
          <SelfiePicker
            label={phone ? t('findMe.takeSelfie') : t('findMe.choosePhoto')}
            variant={kept ? 'secondary' : 'primary'}
            capture
            testId="selfie-input"
            onPicked={take}
          />
          {phone && <SelfiePicker label={t('findMe.chooseInstead')} variant="secondary" onPicked={take} />}
        </div>
      )}
      <CheckboxField
        label={t('findMe.keep')}
        hint={t('findMe.keepHint')}
        checked={keep}
        onCheckedChange={(checked) => {
          setKeep(checked);
          if (!checked && kept) {
            forgetSelfie(code);
            setKept(null);
            showNotice(t('findMe.forgotten'));
          }
        }}
      />
      <p className="action-notice" role="status">
        {notice}
      </p>
      {searching && <Spinner label={t('findMe.searching')} />}
      {found && found.length === 0 && (
        <p className="find-me-message" role="status">
          {t('findMe.nothingFound')}
        </p>
      )}
      {found && found.length > 0 && (
        <section className="find-me-results" aria-labelledby="find-me-results-title">
          <div className="find-me-results-head">
            <h2 id="find-me-results-title" ref={resultsRef} tabIndex={-1}>
              {t('findMe.results', { count: shown.length })}
            </h2>
            {mayDownload && shown.length > 0 && (
              <DownloadThese code={code} photoIds={shown.map((photo) => photo.id)} />
            )}
          </div>
          {shown.length > 0 && <p className="find-me-not-me-hint">{t('findMe.notMeHint')}</p>}
          <PhotoGrid
            photos={shown}
            hasMore={false}
            loadingMore={false}
            onLoadMore={noMore}
            onOpen={setViewedId}
            tileAction={notMeButton}
            emptyText={t('findMe.allDropped')}
          />
        </section>
      )}
      {viewedIndex >= 0 && (
        <PhotoViewer
          galleryCode={code}
          photos={shown}
          index={viewedIndex}
          total={shown.length}
          onShow={setViewedId}
          onClose={() => setViewedId(null)}
          guestOriginals={guestOriginals}
        />
      )}
    </>
  );
}

const noMore = () => undefined;

/**
 * "Not me" over a found photo's corner: a small cross on a phone (the line above the grid says what it does), the
 * word beside it on a wider screen; its name says which photo it drops ("Not me: take “Photo by Anna, Jun 12,
 * 9:41 PM” out of my results"). After the tile in the tab order, its 32 px a finger's and a pointer's target.
 */
function NotMeButton({ photo, onNotMe }: { photo: Photo; onNotMe: (photoId: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      className="not-me-button"
      aria-label={t('findMe.notMeLabel', { photo: photoTileLabel(t, photo, i18n.language) })}
      title={t('findMe.notMe')}
      data-testid="not-me"
      onClick={() => onNotMe(photo.id)}
    >
      <svg
        className="not-me-icon"
        viewBox="0 0 12 12"
        width="12"
        height="12"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M2 2l8 8M10 2l-8 8" />
      </svg>
      <span className="not-me-text" aria-hidden="true">
        {t('findMe.notMe')}
      </span>
    </button>
  );
}

/** A found photo as the gallery's grid and viewer take it: always a photo (faces are looked for in photos only). */
function asPhoto(code: string, photo: FoundPhoto): Photo {
  return {
    ...photo,
    eventCode: code,
    kind: 'photo',
    durationSeconds: null,
    challengeId: null,
    uploaderId: null,
  };
}

/** A button that opens the camera (`capture`: the front one, on a phone) or the file chooser. */
function SelfiePicker({
  label,
  variant,
  capture = false,
  testId,
  onPicked,
}: {
  label: string;
  variant: 'primary' | 'secondary';
  capture?: boolean;
  testId?: string;
  onPicked: (input: HTMLInputElement) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Closing the camera or the chooser without a picture says so (the change event does not come then).
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const cancelled = () => onPicked(input);
    input.addEventListener('cancel', cancelled);
    return () => input.removeEventListener('cancel', cancelled);
  }, [onPicked]);
  return (
    <>
      <Button variant={variant} onClick={() => inputRef.current?.click()}>
        {label}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        capture={capture ? 'user' : undefined}
        hidden
        tabIndex={-1}
        aria-label={label}
        data-testid={testId}
        onChange={(event) => onPicked(event.target)}
      />
    </>
  );
}

/** A refused selfie or search, said with the way on (the pickers stay below it). */
function Refusal({ code, count }: { code: string; count?: number }): ReactNode {
  const { t } = useTranslation();
  const text = code === NO_PICTURE ? t('findMe.noPicture') : t(`errors.${code}`, { count });
  return (
    <div className="find-me-refusal" role="alert">
      <p>{text}</p>
      {code !== NO_PICTURE && code !== 'FIND_ME_OFF' && <p>{t('findMe.tryAgain')}</p>}
    </div>
  );
}

function DownloadThese({ code, photoIds }: { code: string; photoIds: string[] }) {
  const { t } = useTranslation();
  const { state, start } = usePhotosDownload(code);
  return (
    <div className="find-me-download">
      <Button variant="secondary" disabled={state.stage === 'building'} onClick={() => void start(photoIds)}>
        {t('findMe.downloadThese')}
      </Button>
      <p className="download-status" role="status">
        {state.stage === 'building' && t('findMe.preparing')}
        {state.stage === 'complete' && t('findMe.downloadStarted', { count: state.count })}
        {state.stage === 'failed' &&
          (state.error
            ? t(`errors.${state.error.code}`, { count: state.error.count })
            : t('findMe.downloadFailed'))}
      </p>
      {state.stage === 'busy' && (
        <BusyNotice until={state.until} text={(count) => t('common.busyTryAgain', { count })} />
      )}
    </div>
  );
}
