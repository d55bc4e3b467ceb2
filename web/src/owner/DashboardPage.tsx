import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { fromApiPlan } from '../api/plan';
import { OwnerBundles } from '../bundles/OwnerBundles';
import { QrImage } from '../billing/QrImage';
import { formatLastDay } from '../i18n/formatDate';
import { galleryUrl } from '../gallery/galleryUrl';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import { Button, ButtonLink } from '../ui/Button';
import { Card, FactList } from '../ui/Card';
import { Spinner } from '../ui/Spinner';
import { MY_EVENTS_QUERY, type OwnerEvent } from './graphql';
import { useSessionActions, useUser } from '../signIn/session';
import { SignInForm } from '../signIn/SignInForm';
import './owner.css';
import '../review/review.css';
import { ReviewQueueLink } from '../review/ReviewQueueLink';

/** /dashboard: the signed-in owner's galleries; the sign-in form for anyone else (no gallery shown). */
export function DashboardPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const linkToken = searchParams.get('signIn');
  const [linkError, setLinkError] = useState<ApiError | null>(null);
  const [usingLink, setUsingLink] = useState(Boolean(linkToken));
  const used = useRef<string | null>(null);
  const { user, checking } = useUser();
  const { signInWithLink } = useSessionActions();

  useEffect(() => {
    if (!linkToken || used.current === linkToken) return;
    used.current = linkToken;
    setUsingLink(true);
    signInWithLink(linkToken)
      .catch((error: unknown) => setLinkError(readApiError(error)))
      .finally(() => {
        setUsingLink(false);
        setSearchParams({}, { replace: true });
      });
  }, [linkToken, setSearchParams, signInWithLink]);

  if (checking || usingLink) return <Spinner label={t('common.loading')} />;
  return (
    <div className="page owner-page dashboard-page">
      <h1>{t('owner.dashboard.title')}</h1>
      {linkError && (
        <p className="field-error" role="alert">
          {t(`errors.${linkError.code}`, { count: linkError.count })}
        </p>
      )}
      {user ? <OwnerGalleries email={user.email} /> : <SignInForm />}
    </div>
  );
}

function OwnerGalleries({ email }: { email: string }) {
  const { t } = useTranslation();
  const { signOut } = useSessionActions();
  const { data, loading, error } = useQuery(MY_EVENTS_QUERY, { fetchPolicy: 'network-only' });
  if (loading && !data) return <Spinner label={t('common.loading')} />;
  if (error && !data) return <p role="alert">{t(`errors.${readApiError(error).code}`)}</p>;
  const events = data?.myEvents ?? [];
  return (
    <>
      <div className="owner-signed-in">
        <p>{t('owner.signedInAs', { email })}</p>
        <Button variant="ghost" size="small" onClick={() => void signOut()}>
          {t('owner.signOut')}
        </Button>
      </div>
      <div className="button-row is-stacked owner-dashboard-actions">
        <ButtonLink to="/create-event" variant="primary">
          {t('owner.dashboard.createAnother')}
        </ButtonLink>
        <ButtonLink to="/analytics-dashboard" variant="secondary">
          {t('owner.dashboard.analytics')}
        </ButtonLink>
      </div>
      {events.length === 0 ? (
        <p>{t('owner.dashboard.none')}</p>
      ) : (
        <ul className="card-grid owner-galleries">
          {events.map((event) => (
            <li key={event.code}>
              <GalleryCard event={event} />
            </li>
          ))}
        </ul>
      )}
      <OwnerBundles />
    </>
  );
}

/** One gallery: its QR code and facts, then what the couple can do with it. */
function GalleryCard({ event }: { event: OwnerEvent }) {
  const { t } = useTranslation();
  const url = galleryUrl(event.code, isLanguage(event.language) ? event.language : DEFAULT_LANGUAGE);
  const code = encodeURIComponent(event.code);
  return (
    <Card
      title={event.name}
      titleId={`gallery-${event.code}`}
      className="owner-gallery"
      data-code={event.code}
    >
      <div className="owner-gallery-body">
        <QrImage url={url} alt={t('owner.event.qrAlt', { code: event.code })} size={88} />
        <FactList
          facts={[
            { label: t('owner.code'), value: event.code, className: 'owner-gallery-code' },
            { label: t('owner.plan'), value: t(`plans.names.${fromApiPlan(event.plan)}`) },
            { label: t('owner.photos'), value: event.photoCount, className: 'owner-photo-count' },
            { label: t('owner.keptUntil'), value: formatLastDay(event.expiresAt) },
          ]}
        />
        <ReviewQueueLink code={event.code} compact />
      </div>
      <div className="owner-gallery-actions">
        <ButtonLink to={new URL(url).pathname} variant="primary">
          {t('owner.links.gallery')}
        </ButtonLink>
        <ButtonLink to={`/event/${code}`} variant="secondary">
          {t('owner.links.event')}
        </ButtonLink>
        <div className="owner-gallery-more">
          <ButtonLink to={`/event/${code}#share`} variant="ghost">
            {t('owner.links.qr')}
          </ButtonLink>
          <ButtonLink to={`/event/${code}#download`} variant="ghost">
            {t('owner.links.download')}
          </ButtonLink>
          <ButtonLink to={`/upgrade/${code}`} variant="ghost">
            {t('owner.links.upgrade')}
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}
