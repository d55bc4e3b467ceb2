import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { fromApiPlan } from '../api/plan';
import { QrImage } from '../billing/QrImage';
import { DownloadAllButton } from '../gallery/DownloadAllButton';
import { formatDate } from '../gallery/formatDate';
import { galleryUrl } from '../gallery/galleryUrl';
import { PhotoImage } from '../gallery/PhotoImage';
import { useGallery } from '../gallery/useGallery';
import { CopyButton } from '../ui/CopyButton';
import { Spinner } from '../ui/Spinner';
import { fieldErrorsFromServer } from '../order/orderForm';
import { EventDetailsForm, type DetailsErrors } from './EventDetailsForm';
import { DELETE_EVENT, OWNER_EVENT_QUERY, UPDATE_EVENT, type OwnerEvent } from './graphql';

import { CustomDomainSection } from '../premium/CustomDomainSection';
import { GalleryLanguageField } from '../sharing/GalleryLanguageField';
import { useGalleryLanguage } from '../sharing/useGalleryLanguage';
import { SignInForm } from './SignInForm';
import { useUser } from './session';
import { WallSettings } from '../wall/WallSettings';

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
      <div className="owner-page event-page">
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
  const [update, updating] = useMutation(UPDATE_EVENT);
  const [remove, removing] = useMutation(DELETE_EVENT);
  const [saved, setSaved] = useState(false);
  const [serverErrors, setServerErrors] = useState<DetailsErrors>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const url = galleryUrl(code, useGalleryLanguage(code));

  return (
    <div className="owner-page event-page" data-code={code}>
      <h1>{event.name}</h1>
      <p>
        <Link to="/dashboard">{t('owner.event.back')}</Link>
      </p>
      <section aria-labelledby="event-details">
        <h2 id="event-details">{t('owner.event.details')}</h2>
        <EventDetailsForm
          initial={{
            coupleNames: event.coupleNames,
            weddingDate: event.weddingDate,
            location: event.location,
          }}
          submitLabel={t('owner.event.save')}
          busy={updating.loading}
          serverErrors={serverErrors}
          onSubmit={(input) => {
            setSaved(false);
            setFailure(null);
            update({ variables: { code, input } })
              .then(() => {
                setServerErrors({});
                setSaved(true);
              })
              .catch((error: unknown) => {
                const apiError = readApiError(error);
                setServerErrors(fieldErrorsFromServer(apiError.fields) as DetailsErrors);
                if (!apiError.fields) setFailure(apiError);
              });
          }}
        />
        {saved && <p role="status">{t('owner.event.saved')}</p>}
        {failure && <p role="alert">{t(`errors.${failure.code}`, { count: failure.count })}</p>}
      </section>

      <section id="share" aria-labelledby="event-share">
        <h2 id="event-share">{t('owner.event.share')}</h2>
        <GalleryLanguageField code={code} />
        <p>
          <a href={url}>{url}</a> <CopyButton value={url} label={t('owner.event.copyLink')} />
        </p>
        <QrImage url={url} alt={t('owner.event.qrAlt', { code })} testId="event-qr" />
      </section>

      <WallSettings code={code} />
      <CustomDomainSection code={code} plan={fromApiPlan(event.plan)} />

      <section aria-labelledby="event-plan">
        <h2 id="event-plan">{t('owner.event.plan')}</h2>
        <p>
          {t(`plans.names.${fromApiPlan(event.plan)}`)} · {t('owner.expires')} {formatDate(event.expiresAt)}
        </p>
        <Link to={`/upgrade/${code}`} className="button button-secondary">
          {t('owner.links.upgrade')}
        </Link>
      </section>

      <section id="download" aria-labelledby="event-download">
        <h2 id="event-download">{t('owner.event.download')}</h2>
        <DownloadAllButton code={code} />
      </section>

      <EventPhotos code={code} />

      <section aria-labelledby="event-delete">
        <h2 id="event-delete">{t('owner.event.delete')}</h2>
        <p>{t('owner.event.deleteWarning')}</p>
        {confirmDelete ? (
          <p>
            <button
              type="button"
              className="button button-danger"
              disabled={removing.loading}
              onClick={() =>
                void remove({ variables: { code } })
                  .then(() => navigate('/dashboard'))
                  .catch((error: unknown) => setFailure(readApiError(error)))
              }
            >
              {t('owner.event.deleteConfirm')}
            </button>{' '}
            <button type="button" className="button button-ghost" onClick={() => setConfirmDelete(false)}>
              {t('owner.event.cancel')}
            </button>
          </p>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => setConfirmDelete(true)}>
            {t('owner.event.delete')}
          </button>
        )}
      </section>
    </div>
  );
}

/** The gallery's photos with a Remove button each; removals (here or elsewhere) show live. */
function EventPhotos({ code }: { code: string }) {
  const { t } = useTranslation();
  const gallery = useGallery(code);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const { photos, photoCount, hasMore } = gallery.list;
  return (
    <section aria-labelledby="event-photos">
      <h2 id="event-photos">{t('owner.event.photos', { count: photoCount })}</h2>
      {failure && <p role="alert">{t(`errors.${failure.code}`, { count: failure.count })}</p>}
      <ul className="owner-photos">
        {photos.map((photo) => (
          <li key={photo.id} data-photo-id={photo.id}>
            <PhotoImage src={photo.thumbnailUrl} alt="" data-photo-id={photo.id} />
            <button
              type="button"
              className="button button-ghost"
              onClick={() =>
                void gallery.removePhoto(photo.id).catch((error: unknown) => setFailure(readApiError(error)))
              }
            >
              {t('owner.removePhoto')}
            </button>
          </li>
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="button button-secondary" onClick={() => void gallery.loadMore()}>
          {t('gallery.loadMore')}
        </button>
      )}
    </section>
  );
}
