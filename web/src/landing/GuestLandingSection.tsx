import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  cleanWelcomeLine,
  MAX_WELCOME_LINE_CHARS,
  WELCOME_LINE_REFUSALS,
  welcomeLineProblem,
} from '@gallery/contracts';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { PageSection, SettingsColumns } from '../ui/Section';
import { SaveStatusText } from '../ui/SaveStatusText';
import { useSaveStatus } from '../ui/useSaveStatus';
import { LANDING_QUERY, SET_WELCOME_LINE, type GalleryLanding } from './graphql';
import { useCoverPhoto } from './useCoverPhoto';
import './landing.css';

/**
 * What guests see first: the cover photo (chosen on a photo of the gallery with "Use as cover") and the welcome
 * line, which saves when the couple leaves the field or presses Enter, as every setting of the event page does.
 */
export function GuestLandingSection({ code, hasPhotos }: { code: string; hasPhotos: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery(LANDING_QUERY, { variables: { code } });
  const landing = data?.event;
  return (
    <PageSection id="landing" title={t('landing.ownerTitle')} intro={t('landing.ownerIntro')}>
      {landing && (
        <SettingsColumns>
          <WelcomeLineField code={code} saved={landing.welcomeLine} />
          <CoverChoice code={code} landing={landing} hasPhotos={hasPhotos} />
        </SettingsColumns>
      )}
    </PageSection>
  );
}

function WelcomeLineField({ code, saved }: { code: string; saved: string | null }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(saved ?? '');
  const [sendLine] = useMutation(SET_WELCOME_LINE);
  const status = useSaveStatus();
  const problem = welcomeLineProblem(draft);
  const refusal = problem
    ? t(`errors.${WELCOME_LINE_REFUSALS[problem]}`, { count: MAX_WELCOME_LINE_CHARS })
    : status.failure
      ? t(`errors.${status.failure.code}`, { count: status.failure.count })
      : undefined;

  function commit() {
    const cleaned = cleanWelcomeLine(draft);
    setDraft(cleaned ?? '');
    if (problem || cleaned === saved) return;
    void status.save(() => sendLine({ variables: { code, welcomeLine: cleaned } }));
  }

  return (
    <div className="landing-welcome">
      <TextField
        label={t('landing.welcomeLabel')}
        hint={t('landing.welcomeHint', { count: MAX_WELCOME_LINE_CHARS })}
        placeholder={t('landing.welcomePlaceholder')}
        value={draft}
        name="welcomeLine"
        autoComplete="off"
        error={refusal}
        onValueChange={setDraft}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <SaveStatusText state={status.state} testId="welcome-line-status" />
    </div>
  );
}

function CoverChoice({
  code,
  landing,
  hasPhotos,
}: {
  code: string;
  landing: GalleryLanding;
  hasPhotos: boolean;
}) {
  const { t } = useTranslation();
  const cover = useCoverPhoto(code);
  return (
    <div className="landing-cover" data-testid="landing-cover">
      <h3>{t('landing.cover')}</h3>
      {landing.coverPhoto ? (
        <div className="landing-cover-chosen">
          <img
            src={landing.coverPhoto.thumbnailUrl}
            alt={t('landing.cover')}
            width={landing.coverPhoto.width}
            height={landing.coverPhoto.height}
            data-cover-id={landing.coverPhoto.id}
          />
          <Button variant="secondary" size="small" onClick={() => cover.choose(null)}>
            {t('landing.removeCover')}
          </Button>
        </div>
      ) : (
        <p className="field-hint">{hasPhotos ? t('landing.noCover') : t('landing.noPhotosYet')}</p>
      )}
      <SaveStatusText state={cover.state} testId="cover-status" />
      {cover.failure && (
        <p className="form-error" role="alert">
          {t(`errors.${cover.failure.code}`, { count: cover.failure.count })}
        </p>
      )}
    </div>
  );
}
