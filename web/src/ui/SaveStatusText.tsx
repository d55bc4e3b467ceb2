import { useTranslation } from 'react-i18next';
import type { SaveState } from './useSaveStatus';

/**
 * "Saving…" then "Saved" beside a setting that saves when changed, read out politely; a refusal is shown by the
 * setting itself, where it happened.
 */
export function SaveStatusText({ state, testId }: { state: SaveState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className={`save-status is-${state}`} role="status" data-testid={testId} data-state={state}>
      {state === 'saving' ? t('ui.saving') : state === 'saved' ? t('ui.saved') : ''}
    </p>
  );
}
