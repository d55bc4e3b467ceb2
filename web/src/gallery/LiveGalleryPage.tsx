import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { GalleryNotFound } from './GalleryNotFound';
import { GalleryView } from './GalleryView';
import { renewLiveCredentials } from '../api/liveConnection';
import { setOpenGallery } from './galleryPass';

/** /live-gallery?code=CODE and /gallery/CODE. */
export function LiveGalleryPage() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const code = normalizeEventCode(params.code ?? searchParams.get('code') ?? '');
  // A socket opened for another gallery carries its pass, not this one's.
  useEffect(() => renewLiveCredentials(), [code]);
  // A code that cannot be one names no gallery: no lookup, no subscription.
  if (!isGalleryCode(code)) return <GalleryNotFound />;
  // Before the gallery's first query: its requests carry this gallery's pass.
  setOpenGallery(code);
  return <GalleryView key={code} code={code} />;
}
