import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { fromApiPlan } from '../api/plan';
import { formatDate } from '../gallery/formatDate';
import { OwnerBundles } from '../bundles/OwnerBundles';
import { Spinner } from '../ui/Spinner';
import { MY_EVENTS_QUERY } from './graphql';
import { useSessionActions, useUser } from './session';
import { SignInForm } from './SignInForm';

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
    <div className="owner-page dashboard-page">
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
      <p className="owner-signed-in">
        {t('owner.signedInAs', { email })}{' '}
        <button type="button" className="button button-ghost" onClick={() => void signOut()}>
          {t('owner.signOut')}
        </button>
      </p>
      <p>
        <Link to="/create-event" className="button button-primary">
          {t('owner.dashboard.createAnother')}
        </Link>{' '}
        <Link to="/analytics-dashboard" className="button button-secondary">
          {t('owner.dashboard.analytics')}
        </Link>
      </p>
      {events.length === 0 ? (
        <p>{t('owner.dashboard.none')}</p>
      ) : (
        <ul className="owner-galleries">
          {events.map((event) => (
            <li key={event.code} className="owner-gallery" data-code={event.code}>
              <h2>{event.name}</h2>
              <dl>
                <dt>{t('owner.code')}</dt>
                <dd className="owner-gallery-code">{event.code}</dd>
                <dt>{t('owner.plan')}</dt>
                <dd>{t(`plans.names.${fromApiPlan(event.plan)}`)}</dd>
                <dt>{t('owner.photos')}</dt>
                <dd className="owner-photo-count">{event.photoCount}</dd>
                <dt>{t('owner.expires')}</dt>
                <dd>{formatDate(event.expiresAt)}</dd>
              </dl>
              <nav className="owner-gallery-links" aria-label={event.name}>
                <Link to={`/gallery/${event.code}`}>{t('owner.links.gallery')}</Link>
                <Link to={`/event/${event.code}#share`}>{t('owner.links.qr')}</Link>
                <Link to={`/upgrade/${event.code}`}>{t('owner.links.upgrade')}</Link>
                <Link to={`/event/${event.code}#download`}>{t('owner.links.download')}</Link>
                <Link to={`/event/${event.code}`}>{t('owner.links.event')}</Link>
              </nav>
            </li>
          ))}
        </ul>
      )}
      <OwnerBundles />
    </>
  );
}
