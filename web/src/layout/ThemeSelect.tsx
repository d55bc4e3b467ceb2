import { useTranslation } from 'react-i18next';
import { SelectField } from '../ui/Field';
import { isTheme, THEMES } from '../state/appState';
import { useAppState } from '../state/AppStateProvider';

export function ThemeSelect() {
  const { t } = useTranslation();
  const { state, dispatch } = useAppState();
  return (
    <SelectField
      className="theme-select"
      label={t('site.theme')}
      value={state.theme}
      options={THEMES.map((theme) => ({ value: theme, label: t(`site.themes.${theme}`) }))}
      onValueChange={(value) => {
        if (isTheme(value)) dispatch({ type: 'setTheme', theme: value });
      }}
    />
  );
}
