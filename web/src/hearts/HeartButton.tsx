import { memo, useCallback, useContext, useSyncExternalStore } from 'react';
import { HeartsContext } from './HeartsContext';
import './HeartButton.css';

interface HeartButtonProps {
  photoId: string;
  /** The count the photo was read with; newer ones come from the gallery's heart store. */
  heartCount: number | undefined;
  /** `tile`: over a grid thumbnail; `viewer`: in the photo viewer's bar. */
  variant: 'tile' | 'viewer';
}

/**
 * A photo's heart: a toggle button (aria-pressed) whose name says the count and what a press does, so a screen
 * reader hears "Love this photo (3 hearts)"; sighted guests see the heart and the count. Subscribes to its own photo in
 * the heart store; its name comes from the gallery's hearts (no translation hook in each of hundreds of buttons).
 */
export const HeartButton = memo(function HeartButton({ photoId, heartCount, variant }: HeartButtonProps) {
  const hearts = useContext(HeartsContext);
  const store = hearts?.store;
  const subscribe = useCallback(
    (listener: () => void) => store?.subscribe(photoId, listener) ?? (() => undefined),
    [store, photoId],
  );
  const count = useSyncExternalStore(subscribe, () => store?.count(photoId, heartCount) ?? heartCount ?? 0);
  const hearted = useSyncExternalStore(subscribe, () => store?.hearted(photoId) ?? false);
  if (!hearts) return null;
  return (
    <button
      type="button"
      className={`heart-button heart-button-${variant}`}
      aria-pressed={hearted}
      data-testid="heart-button"
      data-heart-photo-id={photoId}
      onClick={() => hearts.toggle(photoId, heartCount)}
    >
      <span className="heart-icon" aria-hidden="true">
        {hearted ? '♥' : '♡'}
      </span>
      <span className="heart-count" aria-hidden="true" data-testid="heart-count">
        {count}
      </span>
      {/* The name as content, not aria-label: the visible count alone would not match a label (axe). */}
      <span className="visually-hidden" data-testid="heart-label">
        {hearts.label(hearted, count)}
      </span>
    </button>
  );
});
