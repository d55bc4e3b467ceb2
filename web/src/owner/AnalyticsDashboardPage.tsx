import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../api/apiErrors';
import { Spinner } from '../ui/Spinner';
import { AnalyticsCharts } from './AnalyticsCharts';
import {
  GALLERY_ANALYTICS_QUERY,
  MY_EVENTS_QUERY,
  type GuestShare,
  type LovedPhoto,
  type OwnerEvent,
} from './graphql';
import { useUser } from '../signIn/session';
import { SignInForm } from '../signIn/SignInForm';
import './owner.css';

/**
 * /analytics-dashboard: per gallery of the signed-in owner, views, uploads, downloads and guests over time, the
 * guests who shared most, the photos loved most, and the photos taken for each photo challenge.
 */
export function AnalyticsDashboardPage() {
  const { t } = useTranslation();
  const { user, checking } = useUser();
  const events = useQuery(MY_EVENTS_QUERY, { skip: !user, fetchPolicy: 'network-only' });
  if (checking || (user && events.loading && !events.data)) return <Spinner label={t('common.loading')} />;
  return (
    <div className="owner-page analytics-page">
      <h1>{t('owner.analytics.title')}</h1>
      {!user ? (
        <SignInForm />
      ) : (
        (events.data?.myEvents ?? []).map((event) => <GalleryAnalytics key={event.code} event={event} />)
      )}
    </div>
  );
}

function GalleryAnalytics({ event }: { event: OwnerEvent }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(GALLERY_ANALYTICS_QUERY, {
    variables: { code: event.code },
    fetchPolicy: 'network-only',
  });
  const days = data?.galleryAnalytics ?? [];
  const challenges = data?.event?.challenges ?? [];
  const totals = days.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      uploads: sum.uploads + day.uploads,
      downloads: sum.downloads + day.downloads,
    }),
    { views: 0, uploads: 0, downloads: 0 },
  );
  return (
    <section className="gallery-analytics" data-code={event.code} aria-labelledby={`analytics-${event.code}`}>
      <h2 id={`analytics-${event.code}`}>
        {event.name} <span className="owner-gallery-code">{event.code}</span>
      </h2>
      {loading && !data && <Spinner label={t('common.loading')} />}
      {error && !data && <p role="alert">{t(`errors.${readApiError(error).code}`)}</p>}
      {data && (
        <>
          <p className="analytics-totals">{t('owner.analytics.totals', totals)}</p>
          {days.length === 0 ? <p>{t('owner.analytics.none')}</p> : <AnalyticsCharts days={days} />}
          <div className="analytics-lists">
            <TopSharers sharers={data.topSharers} />
            <MostLoved photos={(data.event?.photos.nodes ?? []).filter((photo) => photo.heartCount > 0)} />
          </div>
          {challenges.length > 0 && (
            <table className="analytics-challenges" data-testid="challenge-counts">
              <caption>{t('owner.analytics.challenges')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('owner.analytics.challenge')}</th>
                  <th scope="col">{t('owner.analytics.photos')}</th>
                </tr>
              </thead>
              <tbody>
                {challenges.map((challenge) => (
                  <tr key={challenge.id}>
                    <td>{challenge.prompt}</td>
                    <td>{challenge.photoCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

/** The guests who shared most photos, by the name they gave ("A guest" where none). */
function TopSharers({ sharers }: { sharers: GuestShare[] }) {
  const { t } = useTranslation();
  return (
    <section className="analytics-list" data-testid="top-sharers">
      <h3>{t('owner.analytics.topSharers')}</h3>
      {sharers.length === 0 ? (
        <p>{t('owner.analytics.noSharers')}</p>
      ) : (
        <ol>
          {sharers.map((sharer, index) => (
            <li key={index}>
              <span className="analytics-name">{sharer.guestName ?? t('owner.analytics.aGuest')}</span>{' '}
              <span className="analytics-count">
                {t('owner.analytics.sharedPhotos', { count: sharer.photoCount })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The photos with the most hearts, each with its count and who shared it. */
function MostLoved({ photos }: { photos: LovedPhoto[] }) {
  const { t } = useTranslation();
  return (
    <section className="analytics-list" data-testid="most-loved">
      <h3>{t('owner.analytics.mostLoved')}</h3>
      {photos.length === 0 ? (
        <p>{t('owner.analytics.noHearts')}</p>
      ) : (
        <ol className="analytics-loved">
          {photos.map((photo) => {
            const hearts = t('owner.analytics.hearts', { count: photo.heartCount });
            const by = photo.guestName ?? t('owner.analytics.aGuest');
            return (
              <li key={photo.id}>
                <img
                  src={photo.thumbnailUrl}
                  alt={t('owner.analytics.lovedAlt', { name: by })}
                  loading="lazy"
                />
                <span className="analytics-count">{hearts}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
