import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { PAGE_SIZE, type Photo } from '../api/photos';
import { SORTED_PHOTOS_QUERY, type SortedPhotoOrder } from './graphql';

interface LovedPages {
  photos: Photo[];
  endCursor: string | null;
  hasMore: boolean;
}

/**
 * A sorted order ("Most loved", "Highlights"): read from media page by page when chosen (and again each time it
 * is chosen), in the order it had then, so tiles do not jump under a finger as counts move. A photo removed
 * meanwhile leaves it (it is gone from the gallery's own list). Null while no sorted order is chosen.
 */
export function useSortedPhotos(
  code: string,
  order: SortedPhotoOrder | null,
  galleryPhotos: readonly Pick<Photo, 'id' | 'createdAt'>[],
) {
  const enabled = order !== null;
  const client = useApolloClient();
  const [pages, setPages] = useState<LovedPages | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const read = useCallback(
    async (after: string | null) => {
      setLoadingMore(true);
      try {
        const result = await client.query({
          query: SORTED_PHOTOS_QUERY,
          variables: { code, first: PAGE_SIZE, after, order: order ?? 'MOST_LOVED' },
          fetchPolicy: 'no-cache',
        });
        const page = result.data?.event?.photos;
        if (!page) return;
        setPages((current) => {
          const before = after && current ? current.photos : [];
          const known = new Set(before.map((photo) => photo.id));
          return {
            photos: [...before, ...page.nodes.filter((photo) => !known.has(photo.id))],
            endCursor: page.endCursor,
            hasMore: page.hasMore,
          };
        });
      } catch {
        // The grid keeps what it has; choosing the order again reads again.
      } finally {
        setLoadingMore(false);
      }
    },
    [client, code, order],
  );

  useEffect(() => {
    setPages(null);
    if (enabled) void read(null);
  }, [enabled, read]);

  const photos = useMemo(() => {
    if (!enabled || !pages) return null;
    // Made only while a sorted order is shown: the gallery's list changes with each page a guest scrolls to.
    const present = new Set(galleryPhotos.map((photo) => photo.id));
    // Only what the gallery's list knows to be gone is dropped: its list holds the newest pages only.
    const oldestKnown = galleryPhotos.at(-1)?.createdAt ?? '';
    return pages.photos.filter((photo) => present.has(photo.id) || photo.createdAt < oldestKnown);
  }, [enabled, pages, galleryPhotos]);

  // Stable while nothing it reads changes, so the memoized grid is not rendered again for it.
  const endCursor = pages?.hasMore ? pages.endCursor : null;
  const loadMore = useCallback(() => {
    if (endCursor && !loadingMore) void read(endCursor);
  }, [endCursor, loadingMore, read]);

  return { photos, hasMore: pages?.hasMore ?? false, loadingMore, loadMore };
}
