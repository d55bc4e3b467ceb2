import './gallery.css';
import { memo, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@gallery/contracts';
import { SelectField } from '../ui/Field';
import { doneCount } from './challengeProgress';
import type { GalleryChallenge } from './graphql';
import { acceptedTypes } from './uploads';

interface ChallengesPanelProps {
  challenges: GalleryChallenge[];
  /** Photos per challenge as they are now (moved by live photos). */
  counts: Record<string, number>;
  total: number;
  plan: PlanId;
  /** The challenges this browser uploaded a photo for. */
  done: string[];
  /** The challenge whose photos the grid shows; null for all. */
  filter: string | null;
  onFilter: (challengeId: string | null) => void;
  onFiles: (files: File[], challengeId: string) => void;
  /** The gallery holds all its plan takes: the cards offer no upload. */
  full?: boolean;
  /** The challenge the guest's next photos from Upload Photos answer; null for none. */
  uploadChallenge?: string | null;
  onUploadChallenge?: (challengeId: string | null) => void;
}

/**
 * The gallery's photo challenges, folded under one line below the landing (their title and this browser's
 * progress) so the landing shows one action first: opened, the challenge the next uploads answer, this browser's progress ("3 of 10 done"), the filter that shows one
 * challenge's photos with each one's count, and a card per challenge whose button uploads for it. Prompts are
 * text nodes: markup the couple typed shows as typed. Memoized: it renders again when its counts or the
 * browser's progress change, not with each other change of the page.
 */
export const ChallengesPanel = memo(function ChallengesPanel({
  challenges,
  counts,
  total,
  plan,
  done,
  filter,
  onFilter,
  onFiles,
  full = false,
  uploadChallenge = null,
  onUploadChallenge,
}: ChallengesPanelProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploadFor, setUploadFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const doneIds = new Set(done);
  const finished = doneCount(
    challenges.map((challenge) => challenge.id),
    done,
  );
  return (
    <section className={`challenges${open ? ' is-open' : ''}`} aria-labelledby="challenges-title">
      <div className="challenges-head">
        <h2 id="challenges-title">{t('challenges.title')}</h2>
        <p className="challenges-progress" role="status" data-testid="challenge-progress">
          {t('challenges.progress', { done: finished, count: challenges.length })}
        </p>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('challenges.fold') : t('challenges.unfold')}
        </button>
      </div>
      <div id={bodyId} className="challenges-body" hidden={!open}>
        {!full && onUploadChallenge && (
          <SelectField
            className="upload-challenge"
            label={t('challenges.pick')}
            value={uploadChallenge ?? ''}
            onValueChange={(value) => onUploadChallenge(value || null)}
            options={[
              { value: '', label: t('challenges.none') },
              ...challenges.map((challenge) => ({ value: challenge.id, label: challenge.prompt })),
            ]}
          />
        )}
        <SelectField
          className="challenges-filter"
          label={t('challenges.show')}
          value={filter ?? ''}
          onValueChange={(value) => onFilter(value || null)}
          options={[
            { value: '', label: t('challenges.allPhotos', { count: total }) },
            ...challenges.map((challenge) => ({
              value: challenge.id,
              label: t('challenges.option', { prompt: challenge.prompt, count: counts[challenge.id] ?? 0 }),
            })),
          ]}
        />
        <ul className="challenge-cards">
          {challenges.map((challenge) => {
            const isDone = doneIds.has(challenge.id);
            return (
              <li key={challenge.id} className={isDone ? 'challenge-card is-done' : 'challenge-card'}>
                <p className="challenge-prompt">{challenge.prompt}</p>
                <p className="challenge-meta">
                  {t('challenges.photoCount', { count: counts[challenge.id] ?? 0 })}
                  {isDone && <span className="challenge-done"> · {t('challenges.done')}</span>}
                </p>
                {!full && (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={t('challenges.uploadFor', { prompt: challenge.prompt })}
                    onClick={() => {
                      setUploadFor(challenge.id);
                      inputRef.current?.click();
                    }}
                  >
                    {t('challenges.upload')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {!full && (
          <input
            ref={inputRef}
            type="file"
            accept={acceptedTypes(plan)}
            multiple
            hidden
            tabIndex={-1}
            aria-label={t('upload.chooseFiles')}
            data-testid="challenge-file-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0 && uploadFor) onFiles(files, uploadFor);
            }}
          />
        )}
      </div>
    </section>
  );
});
