import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { galleryUrl } from '../gallery/galleryUrl';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import type { Wall } from './graphql';
import { useChallengePrompt } from './useChallengePrompt';
import { useLiveStatus } from './useLiveStatus';
import { useWakeLock } from './useWakeLock';
import { useWallPhotos } from './useWallPhotos';
import { upcoming } from './wallPlaylist';
import { WallQr } from './WallQr';
import { WallSlide } from './WallSlide';
import { WallGuestbook } from './WallGuestbook';

/** How long the controls stay after the mouse last moved (or a key was pressed). */
const CONTROLS_VISIBLE_MS = 3000;

/** Loads the wall's next photo ahead, one at a time, and lets it go once it is on screen. */
function usePreload(url: string | null): void {
  useEffect(() => {
    if (!url) return undefined;
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    return () => {
      image.src = '';
    };
  }, [url]);
}

function toggleFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void document.documentElement.requestFullscreen().catch(() => undefined);
}

/** The running slideshow: photos, the couple's names, a QR code to join, and controls for the person at the screen. */
export function WallShow({ wall, highlights = false }: { wall: Wall; highlights?: boolean }) {
  const { t } = useTranslation();
  const { playlist, next, previous, drop } = useWallPhotos(wall.code, highlights);
  const [paused, setPaused] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const connected = useLiveStatus();
  useWakeLock();

  const coming = upcoming(playlist);
  usePreload(coming && coming.kind !== 'video' ? coming.previewUrl : null);

  const showControls = useCallback(() => {
    setControlsVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsVisible(false), CONTROLS_VISIBLE_MS);
  }, []);
  useEffect(() => {
    showControls();
    return () => clearTimeout(hideTimer.current);
  }, [showControls]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onButton = event.target instanceof HTMLButtonElement;
      if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') previous();
      else if ((event.key === ' ' && !onButton) || event.key === 'k') setPaused((value) => !value);
      else if (event.key === 'f') toggleFullScreen();
      else return;
      event.preventDefault();
      showControls();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous, showControls]);

  useEffect(() => {
    document.title = t('wall.title', { name: wall.name });
  }, [t, wall.name]);

  const joinUrl = galleryUrl(wall.code, isLanguage(wall.language) ? wall.language : DEFAULT_LANGUAGE);
  const current = playlist.current;
  const prompt = useChallengePrompt(wall.code, current?.challengeId ?? null);

  return (
    <div
      className={controlsVisible ? 'wall' : 'wall wall-idle'}
      onPointerMove={showControls}
      data-testid="wall"
      data-paused={paused}
    >
      {current ? (
        <WallSlide
          key={current.id}
          photo={current}
          intervalMs={wall.intervalSeconds * 1000}
          paused={paused}
          hurry={playlist.upNext.length > 0}
          onDone={next}
          onFailed={() => drop(current.id)}
        />
      ) : (
        <p className="wall-empty">{t('wall.empty')}</p>
      )}
      <h1 className="wall-names">{wall.name}</h1>
      {current && (prompt || current.guestName) && (
        <div className="wall-caption" data-testid="wall-caption">
          {prompt && <p className="wall-prompt">{prompt}</p>}
          {current.guestName && <p>{t('guestName.by', { name: current.guestName })}</p>}
        </div>
      )}
      <WallGuestbook code={wall.code} />
      <aside className="wall-join" aria-label={t('wall.join')}>
        <WallQr url={joinUrl} alt={t('qr.alt', { url: joinUrl })} />
        <p>
          {t('wall.join')}
          <br />
          <strong>{joinUrl.replace(/^https?:\/\//, '')}</strong>
        </p>
      </aside>
      {!connected && (
        <p className="wall-status" role="status">
          {t('wall.reconnecting')}
        </p>
      )}
      <div className="wall-controls" role="toolbar" aria-label={t('wall.controls')} onFocus={showControls}>
        <button type="button" onClick={previous} aria-label={t('wall.previous')}>
          ◀
        </button>
        <button type="button" onClick={() => setPaused((value) => !value)} aria-pressed={paused}>
          {paused ? t('wall.play') : t('wall.pause')}
        </button>
        <button type="button" onClick={next} aria-label={t('wall.next')}>
          ▶
        </button>
        <button type="button" onClick={toggleFullScreen}>
          {t('wall.fullScreen')}
        </button>
      </div>
    </div>
  );
}
