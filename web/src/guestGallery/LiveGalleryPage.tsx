// Above gallery/ and findMe/: a guest's page opens the one or the other.
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { Spinner } from '../ui/Spinner';
import { GalleryNotFound } from '../gallery/GalleryNotFound';
import { GalleryView } from '../gallery/GalleryView';
import { renewLiveCredentials } from '../api/liveConnection';
import { setOpenGallery } from '../session/galleryPass';
import { ensureGuestIdentity, guestIdentityToken } from '../session/guestIdentity';

const FindMeView = lazy(() =>
  import('../findMe/FindMeView').then((module) => ({ default: module.FindMeView })),
);

/** /live-gallery?code=CODE and /gallery/CODE; with `findMe`, the gallery's "Find me" page (/gallery/CODE/find-me). */
export function LiveGalleryPage({ findMe = false }: { findMe?: boolean }) {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const code = normalizeEventCode(params.code ?? searchParams.get('code') ?? '');
  return <GuestGalleryPage code={code} findMe={findMe} />;
}

/**
 * Gallery `code` as its guests open it, on the product's site or on the couple's own domain: the gallery, or with
 * `findMe` its "Find me" page, once this browser has its guest identity and with the gallery's pass on its
 * requests.
 */
export function GuestGalleryPage({ code, findMe = false }: { code: string; findMe?: boolean }) {
  const { t } = useTranslation();
  const identified = useGuestIdentity();
  // A socket opened for another gallery carries its pass, not this one's.
  useEffect(() => renewLiveCredentials(), [code]);
  // A code that cannot be one names no gallery: no lookup, no subscription.
  if (!isGalleryCode(code)) return <GalleryNotFound />;
  if (!identified) return <Spinner label={t('gallery.loading')} />;
  // Before the gallery's first query: its requests carry this gallery's pass.
  setOpenGallery(code);
  if (findMe) return <FindMeView key={code} code={code} />;
  return <GalleryView key={code} code={code} />;
}

/**
 * Whether this browser has its guest identity (asked for once, on its first gallery): a mistyped code or PIN is
 * then counted against this guest, not against everyone behind the venue's one address.
 */
function useGuestIdentity(): boolean {
  const client = useApolloClient();
  const [identified, setIdentified] = useState(() => guestIdentityToken() !== null);
  useEffect(() => {
    if (!identified) void ensureGuestIdentity(client).then(() => setIdentified(true));
  }, [client, identified]);
  return identified;
}
