import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { readApiError } from '../api/apiErrors';
import { renewLiveCredentials } from '../api/liveConnection';
import { setOpenGallery } from '../session/galleryPass';
import { Spinner } from '../ui/Spinner';
import { WALL_QUERY } from './graphql';
import { WallShow } from './WallShow';
import './wall.css';

/** The key of a wall link: in the fragment (`#key=...`), which the browser never sends to a server. */
function wallKey(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('key');
}

/** Whether the link asks for the Highlights mode (`#key=...&mode=highlights`): the best photos only. */
function highlightsMode(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).get('mode') === 'highlights';
}

/**
 * /wall/{code}#key=...: the slideshow for the venue's screen, opened from the couple's event page; with
 * `&mode=highlights`, the gallery's Highlights only.
 */
export function WallPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const code = normalizeEventCode(params.code ?? '');
  const key = wallKey(location.hash);
  const valid = isGalleryCode(code) && Boolean(key);
  // Before the first query: on a gallery with a PIN the link's key is the wall's pass, on HTTP and the socket.
  if (valid) setOpenGallery(code, key);
  useEffect(() => renewLiveCredentials(), [code, key]);
  const { data, error, loading } = useQuery(WALL_QUERY, {
    variables: { code, key: key ?? '' },
    skip: !valid,
    fetchPolicy: 'network-only',
  });

  if (valid && loading) return <Spinner />;
  if (!valid || !data?.wall) {
    const reason = error ? readApiError(error) : { code: 'WALL_LINK_INVALID' as const, count: undefined };
    return (
      <section className="wall-refused" aria-labelledby="wall-refused-title">
        <h1 id="wall-refused-title">{t('wall.refusedTitle')}</h1>
        <p role="alert">{t(`errors.${reason.code}`, { count: reason.count })}</p>
      </section>
    );
  }
  return <WallShow wall={data.wall} highlights={highlightsMode(location.hash)} />;
}
