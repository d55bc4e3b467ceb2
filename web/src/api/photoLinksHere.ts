import { ApolloLink } from '@apollo/client';
import { map } from 'rxjs';
import { customDomainGallery, photoLinkHere } from './customDomainSite';

/** A Photo's links to its images: the server writes them on the product's address. */
const PHOTO_LINKS = new Set(['thumbnailUrl', 'previewUrl', 'originalUrl']);

/** `data` with each Photo's links as `here` makes them, wherever the Photo sits in it; the rest as it was. */
export function withPhotoLinksHere<T>(data: T, here: (url: string) => string): T {
  if (Array.isArray(data)) return data.map((item: unknown) => withPhotoLinksHere(item, here)) as T;
  if (!data || typeof data !== 'object') return data;
  const photo = (data as { __typename?: unknown }).__typename === 'Photo';
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      photo && PHOTO_LINKS.has(key) && typeof value === 'string'
        ? here(value)
        : withPhotoLinksHere(value, here),
    ]),
  ) as T;
}

/**
 * On a couple's own domain, the photo links of every answer are on that domain (the gateway answers them there,
 * and the page's policy allows no other origin for them), whether the answer goes through the cache or not:
 * live arrivals and older pages are read without it. Whether the page is on such a domain is asked once per
 * operation, not per link; elsewhere answers pass untouched.
 */
export const photoLinksHereLink = new ApolloLink((operation, forward) => {
  if (!customDomainGallery()) return forward(operation);
  return forward(operation).pipe(
    map((result) =>
      result.data ? { ...result, data: withPhotoLinksHere(result.data, photoLinkHere) } : result,
    ),
  );
});
