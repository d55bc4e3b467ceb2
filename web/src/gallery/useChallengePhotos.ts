import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { CHALLENGE_PHOTOS_QUERY, MY_PHOTOS_QUERY, TABLE_PHOTOS_QUERY } from './graphql';
import { PAGE_SIZE, type Photo, type PhotoPage } from '../api/photos';
import { isReleased, type ListedPhoto } from './photoList';
import { myGuestId } from '../session/guestIdentity';

/** The filter that shows this browser's own uploads (My photos) rather than one challenge's photos. */
export const MY_PHOTOS = 'mine';

/** The filter that shows the photos uploaded from one table's card (`table:5`). */
export function tableFilter(table: number): string {
  return `table:${table}`;
}

/** The table a filter names, or null for any other filter. */
export function filteredTable(filter: string | null): number | null {
  const match = filter ? /^table:(\d+)$/.exec(filter) : null;
  return match ? Number(match[1]) : null;
}

interface FilteredPages {
  challengeId: string;
  photos: Photo[];
  endCursor: string | null;
  hasMore: boolean;
}

function time(photo: Pick<Photo, 'createdAt'>): number {
  return Date.parse(photo.createdAt) || 0;
}

/**
 * One photo challenge's photos for the gallery's filter, this browser's own uploads (MY_PHOTOS) or one table
 * card's (tableFilter): their pages read from media (newest first), merged with the gallery's own list, which
 * live photos and removals keep current, so the filtered grid moves with them (a live photo says its table).
 * Null while no filter is chosen.
 */
export function useChallengePhotos(
  code: string,
  challengeId: string | null,
  galleryPhotos: readonly ListedPhoto[],
) {
  const client = useApolloClient();
  const [pages, setPages] = useState<FilteredPages | null>(null);
  const [loading, setLoading] = useState(false);

  const read = useCallback(
    async (id: string, after: string | null) => {
      setLoading(true);
      try {
        const table = filteredTable(id);
        const result =
          table !== null
            ? await client.query({
                query: TABLE_PHOTOS_QUERY,
                variables: { code, first: PAGE_SIZE, table, after },
                fetchPolicy: 'no-cache',
              })
            : id === MY_PHOTOS
              ? await client.query({
                  query: MY_PHOTOS_QUERY,
                  variables: { code, first: PAGE_SIZE, after },
                  fetchPolicy: 'no-cache',
                })
              : await client.query({
                  query: CHALLENGE_PHOTOS_QUERY,
                  variables: { code, first: PAGE_SIZE, challengeId: id, after },
                  fetchPolicy: 'no-cache',
                });
        const page: PhotoPage | undefined = result.data?.event?.photos;
        if (!page) return;
        setPages((current) => {
          const before = after && current?.challengeId === id ? current.photos : [];
          const known = new Set(before.map((photo) => photo.id));
          return {
            challengeId: id,
            photos: [...before, ...page.nodes.filter((photo) => !known.has(photo.id))],
            endCursor: page.endCursor,
            hasMore: page.hasMore,
          };
        });
      } catch {
        // The grid keeps what it has; choosing the challenge again reads again.
      } finally {
        setLoading(false);
      }
    },
    [client, code],
  );

  useEffect(() => {
    if (challengeId) void read(challengeId, null);
  }, [challengeId, read]);

  const merged = useMemo(() => {
    if (!challengeId) return null;
    const ofPages = pages?.challengeId === challengeId ? pages.photos : [];
    const present = new Set(galleryPhotos.map((photo) => photo.id));
    const oldestLoaded = galleryPhotos.length > 0 ? time(galleryPhotos[galleryPhotos.length - 1]) : Infinity;
    // A photo the gallery's list should hold but no longer does was removed.
    const kept = ofPages.filter((photo) => present.has(photo.id) || time(photo) < oldestLoaded);
    const keptIds = new Set(kept.map((photo) => photo.id));
    const mine = challengeId === MY_PHOTOS ? myGuestId() : null;
    const table = filteredTable(challengeId);
    const shows = (photo: Photo) =>
      table !== null
        ? photo.tableNumber === table
        : mine
          ? photo.uploaderId === mine
          : challengeId !== MY_PHOTOS && photo.challengeId === challengeId;
    const live = galleryPhotos.filter(
      (photo): photo is Photo => !isReleased(photo) && shows(photo) && !keptIds.has(photo.id),
    );
    return [...live, ...kept].sort((a, b) => time(b) - time(a));
  }, [challengeId, pages, galleryPhotos]);

  const loadMore = useCallback(() => {
    if (challengeId && pages?.challengeId === challengeId && pages.hasMore && !loading)
      void read(challengeId, pages.endCursor);
  }, [challengeId, pages, loading, read]);

  return {
    photos: merged,
    hasMore: Boolean(challengeId && pages?.challengeId === challengeId && pages.hasMore),
    loadingMore: loading,
    loadMore,
  };
}
