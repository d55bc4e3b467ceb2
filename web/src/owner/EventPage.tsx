import { Fragment, useCallback, useMemo, useState, type ReactNode } from 'react';
import { UrlText } from '../ui/UrlText';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { fromApiPlan } from '../api/plan';
import { QrImage, useQrCode } from '../billing/QrImage';
import { DownloadAllButton } from '../gallery/DownloadAllButton';
import { SET_GUEST_DOWNLOADS } from '../gallery/downloadAll';
import { formatLastDay } from '../i18n/formatDate';
import { galleryUrl } from '../gallery/galleryUrl';
import { PhotoGrid } from '../gallery/PhotoGrid';
import { useGallery } from '../gallery/useGallery';
import type { Photo } from '../api/photos';
import { Button, ButtonLink, IconButton, buttonClass } from '../ui/Button';
import { StarIcon, TrashIcon } from '../ui/icons';
import { FactList } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { CopyButton } from '../ui/CopyButton';
import { SavingSwitch } from '../ui/SavingSwitch';
import { PageHeader, PageSection, SettingsColumns } from '../ui/Section';
import { Spinner } from '../ui/Spinner';
import { UndoToasts } from '../ui/UndoToast';
import { useUndoableRemoval } from '../ui/useUndoableRemoval';
import { EventDetailsForm, type DetailsErrors } from './EventDetailsForm';
import { DELETE_EVENT, OWNER_EVENT_QUERY, UPDATE_EVENT, type OwnerEvent } from './graphql';
import { CustomDomainSection } from '../premium/CustomDomainSection';
import { BackupSection } from '../premium/BackupSection';
import { GalleryLanguageField } from '../sharing/GalleryLanguageField';
import { useGalleryLanguage } from '../sharing/useGalleryLanguage';
import { SignInForm } from '../signIn/SignInForm';
import './owner.css';
import { useUser } from '../signIn/session';
import { WallSettings } from '../wall/WallSettings';
import {
  ApprovalSwitch,
  GuestOriginalsSwitch,
  UploadWindowForm,
  usePrivacySettings,
} from '../privacy/PrivacySettingsForm';
import { OwnerMetadataSwitch } from '../privacy/OwnerMetadataSwitch';
import { VisibilityForm } from '../privacy/VisibilityForm';
import { ReviewQueueLink } from '../review/ReviewQueueLink';
import '../review/review.css';
import { GalleryPinControl } from '../privacy/GalleryPinControl';
import { OwnerMailsSection } from '../return-mails/OwnerMailsSection';
import { ChallengeSettings } from '../challenges/ChallengeSettings';
import { FindMeSection } from '../findMe/FindMeSection';
import { TableCardsSection } from '../tableCards/TableCardsSection';
import { LANDING_QUERY } from '../landing/graphql';
import { GuestLandingSection } from '../landing/GuestLandingSection';
import { useCoverPhoto } from '../landing/useCoverPhoto';
import { useSaveStatus } from '../ui/useSaveStatus';
import { fieldErrorsFromServer } from '../order/orderForm';

type OwnerEventFields = OwnerEvent & { isOwner: boolean; guestDownloadsAllowed: boolean };

/** /event/{id}: one gallery's owner page. */
export function EventPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const code = normalizeEventCode(id);
  const { user, checking } = useUser();
  const { data, loading, error } = useQuery(OWNER_EVENT_QUERY, {
    variables: { code },
    skip: !isGalleryCode(code),
    fetchPolicy: 'network-only',
  });
  if (checking || (loading && !data)) return <Spinner label={t('common.loading')} />;
  const event = data?.event;
  if (error && !data) return <p role="alert">{t(`errors.${readApiError(error).code}`)}</p>;
  if (!event || !event.isOwner) {
    return (
      <div className="page owner-page event-page">
        <h1>{t('owner.event.title')}</h1>
        <p role="alert">{t('owner.event.notYours')}</p>
        {!user && <SignInForm />}
      </div>
    );
  }
  return <OwnerEvent code={event.code} event={event} />;
}

function OwnerEvent({ code, event }: { code: string; event: OwnerEventFields }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [update] = useMutation(UPDATE_EVENT);
  const [remove, removing] = useMutation(DELETE_EVENT);
  const detailsSave = useSaveStatus();
  const serverErrors = fieldErrorsFromServer(detailsSave.failure?.fields) as DetailsErrors;
  const [deleteFailure, setDeleteFailure] = useState<ApiError | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const plan = fromApiPlan(event.plan);

  // The event page in the order a couple needs it on the night: sharing, then who gets in and sees what, then
  // what guests see first and the photos; then the extras (printed cards, games, the wall, Find me, mails), the
  // records (details, plan), the Premium-only sections and the danger zone. One section is one component placed
  // here, with its anchor and title; the contents list follows it (docs/decisions.md, "The couple's event page").
  const sections: { id: string; title: string; section: ReactNode }[] = [
    { id: 'share', title: t('owner.event.share'), section: <EventSharing code={code} name={event.name} /> },
    {
      id: 'privacy',
      title: t('couplePages.event.guestsTitle'),
      section: <GuestsAndPrivacy code={code} guestDownloadsAllowed={event.guestDownloadsAllowed} />,
    },
    {
      id: 'landing',
      title: t('landing.ownerTitle'),
      section: <GuestLandingSection code={code} hasPhotos={event.photoCount > 0} />,
    },
    { id: 'photos', title: t('eventPage.photos'), section: <EventPhotos code={code} /> },
    { id: 'table-cards', title: t('tableCards.title'), section: <TableCardsSection code={code} /> },
    { id: 'challenges', title: t('challenges.settingsTitle'), section: <ChallengeSettings code={code} /> },
    { id: 'wall', title: t('wall.settingsTitle'), section: <WallSettings code={code} /> },
    { id: 'find-me', title: t('findMe.title'), section: <FindMeSection code={code} /> },
    { id: 'mails', title: t('ownerMails.title'), section: <OwnerMailsSection code={code} /> },
    {
      id: 'details',
      title: t('owner.event.details'),
      section: (
        <PageSection id="details" title={t('owner.event.details')}>
          <SettingsColumns>
            <EventDetailsForm
              initial={{
                coupleNames: event.coupleNames,
                weddingDate: event.weddingDate,
                location: event.location,
              }}
              status={detailsSave.state}
              serverErrors={serverErrors}
              onSave={(input) => void detailsSave.save(() => update({ variables: { code, input } }))}
            />
          </SettingsColumns>
          {detailsSave.failure && !detailsSave.failure.fields && (
            <p className="form-error" role="alert">
              {t(`errors.${detailsSave.failure.code}`, { count: detailsSave.failure.count })}
            </p>
          )}
        </PageSection>
      ),
    },
    {
      id: 'plan',
      title: t('owner.event.plan'),
      section: (
        <PageSection id="plan" title={t('owner.event.plan')}>
          <FactList
            facts={[
              { label: t('owner.plan'), value: t(`plans.names.${plan}`) },
              { label: t('owner.keptUntil'), value: formatLastDay(event.expiresAt) },
            ]}
          />
          <div className="button-row section-actions">
            <ButtonLink to={`/upgrade/${encodeURIComponent(code)}`} variant="secondary">
              {t('owner.links.upgrade')}
            </ButtonLink>
          </div>
        </PageSection>
      ),
    },
    {
      id: 'domain',
      title: t('customDomain.title'),
      section: <CustomDomainSection code={code} plan={plan} />,
    },
    { id: 'backup', title: t('backup.title'), section: <BackupSection code={code} plan={plan} /> },
    {
      id: 'danger',
      title: t('couplePages.event.dangerTitle'),
      section: (
        <PageSection
          id="danger"
          tone="danger"
          title={t('couplePages.event.dangerTitle')}
          intro={t('owner.event.deleteWarning')}
        >
          <Button variant="danger-outline" onClick={() => setConfirmDelete(true)}>
            {t('owner.event.delete')}
          </Button>
          {deleteFailure && (
            <p className="form-error" role="alert">
              {t(`errors.${deleteFailure.code}`, { count: deleteFailure.count })}
            </p>
          )}
        </PageSection>
      ),
    },
  ];

  return (
    <div className="page owner-page event-page" data-code={code}>
      <ButtonLink to="/dashboard" variant="ghost" size="small" className="back-link">
        <span aria-hidden="true">←</span> {t('owner.event.back')}
      </ButtonLink>
      <PageHeader title={event.name}>
        <ButtonLink to={`/gallery/${encodeURIComponent(code)}`} variant="primary">
          {t('owner.links.gallery')}
        </ButtonLink>
      </PageHeader>

      <div className="event-layout">
        <EventContents sections={sections.map(({ id, title }) => ({ id, title }))} />
        <div className="event-sections">
          {sections.map(({ id, section }) => (
            <Fragment key={id}>{section}</Fragment>
          ))}
        </div>
      </div>

      {confirmDelete && (
        <ConfirmDialog
          title={t('couplePages.event.deleteTitle', { name: event.name })}
          confirmLabel={t('owner.event.deleteConfirm')}
          cancelLabel={t('owner.event.cancel')}
          busy={removing.loading}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            void remove({ variables: { code } })
              .then(() => navigate('/dashboard'))
              .catch((error: unknown) => {
                setConfirmDelete(false);
                setDeleteFailure(readApiError(error));
              })
          }
        >
          <p>{t('owner.event.deleteWarning')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The link, the QR code, and the QR code as a PNG file or on paper (the print shows the QR card alone). */
function EventSharing({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation();
  const url = galleryUrl(code, useGalleryLanguage(code));
  const { image } = useQrCode(url);
  return (
    <PageSection id="share" title={t('owner.event.share')} intro={t('couplePages.event.shareIntro')}>
      <SettingsColumns>
        <GalleryLanguageField code={code} />
        <div className="share-link">
          <a href={url} className="gallery-link">
            <UrlText url={url} />
          </a>
          <CopyButton value={url} label={t('owner.event.copyLink')} />
        </div>
        <div className="print-qr">
          <p className="print-qr-name">{name}</p>
          <QrImage url={url} alt={t('owner.event.qrAlt', { code })} testId="event-qr" />
          <p className="print-qr-code">{code}</p>
        </div>
        <div className="button-row is-stacked">
          {image ? (
            <a
              href={image}
              download={`gallery-${code}-qr.png`}
              className={buttonClass({ variant: 'secondary' })}
            >
              {t('couplePages.event.downloadQr')}
            </a>
          ) : (
            <Button variant="secondary" disabled>
              {t('couplePages.event.downloadQr')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => window.print()}>
            {t('couplePages.event.printQr')}
          </Button>
        </div>
      </SettingsColumns>
    </PageSection>
  );
}

/**
 * Who gets in and what they see and do, in one section, its settings in two groups that stand side by side on a
 * desktop: who gets in and when (the PIN first, the night's question; approval and its queue; the upload window),
 * then what guests see and take away (who sees which photos, Download All, originals, and what the couple's own
 * downloads keep). Each setting saves when changed.
 */
function GuestsAndPrivacy({ code, guestDownloadsAllowed }: { code: string; guestDownloadsAllowed: boolean }) {
  const { t } = useTranslation();
  const privacy = usePrivacySettings(code);
  return (
    <PageSection
      id="privacy"
      title={t('couplePages.event.guestsTitle')}
      intro={t('couplePages.event.guestsIntro')}
    >
      <SettingsColumns>
        <div className="setting-group privacy-column">
          <GalleryPinControl code={code} />
          {privacy && <ApprovalSwitch code={code} settings={privacy.settings} />}
          <ReviewQueueLink code={code} />
          {privacy && (
            <UploadWindowForm code={code} settings={privacy.settings} expiresAt={privacy.expiresAt} />
          )}
        </div>
        <div className="setting-group privacy-column">
          {privacy && (
            <VisibilityForm code={code} settings={privacy.settings} expiresAt={privacy.expiresAt} />
          )}
          <GuestDownloadsSwitch code={code} allowed={guestDownloadsAllowed} />
          {privacy && <GuestOriginalsSwitch code={code} settings={privacy.settings} />}
          {privacy && <OwnerMetadataSwitch code={code} settings={privacy.settings} />}
        </div>
      </SettingsColumns>
    </PageSection>
  );
}

/** Links to the page's sections in their order: beside them on a desktop, above them on a phone. */
function EventContents({ sections }: { sections: { id: string; title: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav className="event-contents" aria-label={t('eventPage.contents')}>
      <ul>
        {sections.map(({ id, title }) => (
          <li key={id}>
            <a href={`#${id}`}>{title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Whether guests may download the whole gallery as a zip: on at once, for everyone's open gallery too, with
 * "Saved" under it as every setting of the page.
 */
function GuestDownloadsSwitch({ code, allowed }: { code: string; allowed: boolean }) {
  const { t } = useTranslation();
  const [setGuestDownloads] = useMutation(SET_GUEST_DOWNLOADS);
  return (
    <SavingSwitch
      label={t('downloadAll.guestsMay')}
      hint={t('couplePages.event.guestsMayHint')}
      checked={allowed}
      testId="guest-downloads"
      save={(checked) => setGuestDownloads({ variables: { code, allowed: checked } })}
    />
  );
}

/**
 * The gallery's photos in the gallery's own grid (PhotoGrid: only the rows near the screen in the page, older pages
 * read as the couple scrolls, far photos released and read again), each with who sent it and, on one row under
 * it, Use as cover and Remove as icon buttons (each named for screen readers with the photo's own label); the cover
 * says so over its corner. A tile opens no viewer (the gallery's button above does): Tab goes from one photo's
 * buttons to the next's. A released photo is a tile to come, with no buttons. A removal hides the photo at once and
 * is sent when its Undo toast ends; Undo brings the photo back. Removals made elsewhere show live.
 */
function EventPhotos({ code }: { code: string }) {
  const { t } = useTranslation();
  const gallery = useGallery(code);
  const coverId = useQuery(LANDING_QUERY, { variables: { code } }).data?.event?.coverPhoto?.id ?? null;
  const cover = useCoverPhoto(code);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const { photos: listed, photoCount, hasMore } = gallery.list;
  const removal = useUndoableRemoval(gallery.removePhoto, (_id, error) => setFailure(readApiError(error)));
  const pending = removal.pending;
  // The same list until it changes: the grid asks for older photos once for each list it is shown.
  const photos = useMemo(
    () => (pending.length > 0 ? listed.filter((photo) => !pending.includes(photo.id)) : listed),
    [listed, pending],
  );
  const count = Math.max(0, photoCount - pending.length);
  const { loadMore } = gallery;
  const readMore = useCallback(() => void loadMore(), [loadMore]);
  const saving = cover.state === 'saving';
  const { choose } = cover;
  const { remove } = removal;
  // Stable while the cover and its saving stay: the grid's tiles are memoized.
  const caption = useCallback(
    (photo: Photo, label: string) => (
      <div className="owner-photo" data-photo-id={photo.id}>
        {photo.id === coverId && (
          <p className="owner-photo-cover">
            <StarIcon filled />
            {t('landing.isCover')}
          </p>
        )}
        <p className="owner-photo-by">
          {photo.guestName ? t('guestName.by', { name: photo.guestName }) : t('couplePages.event.byGuest')}
        </p>
        <div className="owner-photo-actions">
          {photo.id !== coverId && (
            <IconButton
              icon={<StarIcon />}
              label={t('couplePages.event.useAsCoverLabel', { photo: label })}
              title={t('landing.useAsCover')}
              disabled={saving}
              onClick={() => choose(photo.id)}
            />
          )}
          <IconButton
            className="owner-photo-remove"
            icon={<TrashIcon />}
            label={t('couplePages.event.removePhotoLabel', { photo: label })}
            title={t('owner.removePhoto')}
            onClick={() => remove(photo.id)}
          />
        </div>
      </div>
    ),
    [t, coverId, saving, choose, remove],
  );
  return (
    <PageSection id="photos" title={t('owner.event.photos', { count })}>
      <div id="download" className="event-download">
        <DownloadAllButton code={code} guestSwitch={false} />
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
      {cover.failure && (
        <p className="form-error" role="alert">
          {t(`errors.${cover.failure.code}`, { count: cover.failure.count })}
        </p>
      )}
      <PhotoGrid
        photos={photos}
        hasMore={hasMore}
        loadingMore={gallery.loadingMore}
        onLoadMore={readMore}
        onShown={gallery.showRange}
        tileAction={caption}
        gridClassName="photo-grid-captioned"
        titled={false}
        emptyText={t('couplePages.event.noPhotos')}
      />
      <UndoToasts
        items={pending}
        message={t('couplePages.event.photoRemoved')}
        durationMs={removal.delayMs}
        onUndo={removal.undo}
      />
    </PageSection>
  );
}
