import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isTheme, THEMES } from './appState';
import { useAppState } from './AppStateProvider';

export function ThemeSelect() {
  const { t } = useTranslation();
  const { state, dispatch } = useAppState();
  const id = useId();
  return (
    <div className="theme-select">
      <label htmlFor={id}>{t('site.theme')}</label>
      <select
        id={id}
        value={state.theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) dispatch({ type: 'setTheme', theme: event.target.value });
        }}
      >
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {t(`site.themes.${theme}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
