import { useEffect, useRef, useState } from 'react';
import type { Photo } from '../api/photos';

/** How long a photo stays at least before a photo that just arrived takes its place. */
const MIN_ON_SCREEN_MS = 1000;

interface WallSlideProps {
  photo: Photo;
  intervalMs: number;
  paused: boolean;
  /** A photo that just arrived waits for its turn. */
  hurry: boolean;
  onDone: () => void;
  onFailed: () => void;
}

/**
 * One photo or video on the wall, fitted whole to the screen (never cropped, so no face is cut) over a blurred
 * copy of itself. Its time starts once it is on screen; a video plays through, muted, and ends its own turn.
 */
export function WallSlide({ photo, intervalMs, paused, hurry, onDone, onFailed }: WallSlideProps) {
  const [shownAt, setShownAt] = useState<number | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const isVideo = photo.kind === 'video';

  // A photo stays the couple's interval, or a second when a new photo waits. A video plays through, unless a
  // new photo waits: then it gets the interval, so a long video never holds the evening's photos back.
  const limitMs = isVideo ? (hurry ? intervalMs : null) : hurry ? MIN_ON_SCREEN_MS : intervalMs;
  useEffect(() => {
    if (paused || shownAt === null || limitMs === null) return undefined;
    const timer = setTimeout(() => done.current(), Math.max(0, limitMs - (performance.now() - shownAt)));
    return () => clearTimeout(timer);
  }, [paused, shownAt, limitMs]);

  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (paused) video.current?.pause();
    else video.current?.play().catch(() => undefined);
  }, [paused]);

  const onShown = () => setShownAt((value) => value ?? performance.now());

  return (
    <figure className="wall-slide">
      <div
        className="wall-backdrop"
        style={{ backgroundImage: `url("${photo.thumbnailUrl}")` }}
        aria-hidden="true"
      />
      {isVideo ? (
        <video
          ref={video}
          className="wall-media"
          src={photo.originalUrl}
          poster={photo.previewUrl}
          muted
          autoPlay
          playsInline
          onPlaying={onShown}
          onEnded={() => done.current()}
          onError={onFailed}
          data-testid="wall-media"
          data-photo-id={photo.id}
        />
      ) : (
        <img
          className="wall-media"
          src={photo.previewUrl}
          alt=""
          onLoad={onShown}
          onError={onFailed}
          data-testid="wall-media"
          data-photo-id={photo.id}
        />
      )}
    </figure>
  );
}
