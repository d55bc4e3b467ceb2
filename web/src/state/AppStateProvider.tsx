import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { writeStorage } from '../session/storage';
import { isLanguage } from '../i18n/languages';
import {
  appReducer,
  initialAppState,
  NOTIFICATION_DISMISS_MS,
  resolvedTheme,
  SETTINGS_STORAGE_KEY,
  THEME_STORAGE_KEY,
  type AppAction,
  type AppState,
  type NotificationKind,
} from './appState';

interface AppStateContextValue {
  state: AppState;
  dispatch: (action: AppAction) => void;
  notify: (message: string, kind?: NotificationKind) => void;
}

const AppStateContext = createContext<AppStateContextValue | null>(null);

let nextNotificationId = 0;

/** The app's client state: React's context and useReducer, persisted in localStorage. */
export function AppStateProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [state, dispatch] = useReducer(appReducer, undefined, () =>
    initialAppState({
      language: isLanguage(i18n.language) ? i18n.language : 'en',
      isOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
    }),
  );

  useEffect(() => {
    const follow = (language: string) => {
      if (isLanguage(language)) dispatch({ type: 'setLanguage', language });
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);

  useEffect(() => {
    const online = () => dispatch({ type: 'setOnline', isOnline: true });
    const offline = () => dispatch({ type: 'setOnline', isOnline: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);

  useEffect(() => {
    writeStorage(THEME_STORAGE_KEY, state.theme);
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    const apply = () => {
      document.documentElement.dataset.theme = resolvedTheme(state.theme, media?.matches ?? false);
    };
    apply();
    media?.addEventListener('change', apply);
    return () => media?.removeEventListener('change', apply);
  }, [state.theme]);

  useEffect(() => {
    writeStorage(SETTINGS_STORAGE_KEY, JSON.stringify(state.settings));
  }, [state.settings]);

  const notify = useCallback((message: string, kind: NotificationKind = 'info') => {
    const id = `n${++nextNotificationId}`;
    dispatch({ type: 'addNotification', notification: { id, timestamp: Date.now(), kind, message } });
    setTimeout(() => dispatch({ type: 'removeNotification', id }), NOTIFICATION_DISMISS_MS);
  }, []);

  const value = useMemo(() => ({ state, dispatch, notify }), [state, notify]);
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

/** The state where there is a provider (the app), null elsewhere (a component rendered on its own). */
export function useOptionalAppState(): AppStateContextValue | null {
  return useContext(AppStateContext);
}

export function useAppState(): AppStateContextValue {
  const value = useContext(AppStateContext);
  if (!value) throw new Error('useAppState outside AppStateProvider');
  return value;
}
