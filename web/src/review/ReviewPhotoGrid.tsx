import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridRows } from '../gallery/useGridRows';
import { Button } from '../ui/Button';
import '../gallery/gallery.css';

interface ReviewPhotoGridProps<Photo extends { id: string }> {
  photos: readonly Photo[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The photos chosen (their items are marked so). */
  selected: ReadonlySet<string>;
  /** A photo's item (a ReviewItem) without its list item, given its place in the list (from 0). */
  renderPhoto: (photo: Photo, index: number) => ReactNode;
}

function idOf(photo: { id: string }): string {
  return photo.id;
}

/**
 * The approval queue's photos as the gallery's grid shows them (useGridRows): only the rows on and near the
 * screen in the page, however far the couple scrolls through ten thousand waiting photos, the next page read as
 * the end comes near ("Show more" stays for a read that failed), the focused item's row kept in the page. Each
 * tile is of one height (its square, its guest's name, its hints and its buttons: review.css), as the grid places
 * rows by steps; the selection lives in the page, by photo, so an item leaving the page and coming back is as it was.
 */
export function ReviewPhotoGrid<Photo extends { id: string }>({
  photos,
  hasMore,
  loadingMore,
  onLoadMore,
  selected,
  renderPhoto,
}: ReviewPhotoGridProps<Photo>) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const { layout, unmeasured, virtualizer, rows, keep, sentinelRef } = useGridRows({
    listRef,
    items: photos,
    idOf,
    hasMore,
    loadingMore,
    onLoadMore,
  });
  const { columns } = layout;
  const setSize = hasMore ? -1 : photos.length;
  return (
    <>
      <ul
        className="photo-grid photo-grid-captioned review-grid"
        data-testid="review-queue"
        data-unmeasured={unmeasured}
        ref={listRef}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.flatMap((row) =>
          photos.slice(row.index * columns, (row.index + 1) * columns).map((photo, column) => (
            <li
              key={photo.id}
              className={`review-item review-tile${selected.has(photo.id) ? ' review-item-checked' : ''}`}
              data-photo-id={photo.id}
              style={{
                gridColumn: `${column + 1} / ${column + 2}`,
                transform: `translateY(calc(${row.index} * var(--row-step)))`,
              }}
              aria-posinset={row.index * columns + column + 1}
              aria-setsize={setSize}
              onFocus={() => keep(photo.id)}
            >
              {renderPhoto(photo, row.index * columns + column)}
            </li>
          )),
        )}
      </ul>
      {hasMore && (
        <div ref={sentinelRef} className="button-row">
          <Button variant="secondary" disabled={loadingMore} onClick={onLoadMore}>
            {t('review.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
