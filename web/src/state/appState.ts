import { readStorage } from '../session/storage';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '../i18n/languages';

/** The client state of the whole app (spec sections 3 and 4), changed only through `appReducer`. */
export type Theme = 'system' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];
export type CompressionLevel = 'low' | 'medium' | 'high';

export interface Settings {
  emailNotifications: boolean;
  autoBackup: boolean;
  compressionLevel: CompressionLevel;
}

/** The signed-in owner (the email address their galleries were ordered with). */
export interface User {
  email: string;
}

export interface GalleryState {
  currentGallery: unknown;
  isLoading: boolean;
  error: string | null;
}

export type NotificationKind = 'info' | 'success' | 'error';
export interface AppNotification {
  id: string;
  timestamp: number;
  kind: NotificationKind;
  message: string;
}

export interface UiState {
  sidebarOpen: boolean;
  modalStack: string[];
  isOnline: boolean;
}

export interface AppState {
  user: User | null;
  gallery: GalleryState;
  theme: Theme;
  language: Language;
  notifications: AppNotification[];
  ui: UiState;
  settings: Settings;
}

export type AppAction =
  | { type: 'setUser'; user: User | null }
  | { type: 'setGallery'; gallery: unknown }
  | { type: 'setGalleryLoading'; isLoading: boolean }
  | { type: 'setGalleryError'; error: string | null }
  | { type: 'setTheme'; theme: Theme }
  | { type: 'setLanguage'; language: Language }
  | { type: 'addNotification'; notification: AppNotification }
  | { type: 'removeNotification'; id: string }
  | { type: 'toggleSidebar' }
  | { type: 'pushModal'; modal: string }
  | { type: 'popModal' }
  | { type: 'setOnline'; isOnline: boolean }
  | { type: 'updateSettings'; settings: Partial<Settings> };

export const THEME_STORAGE_KEY = 'app-theme';
export const SETTINGS_STORAGE_KEY = 'app-settings';
/** How long a notification stays before it leaves by itself. */
export const NOTIFICATION_DISMISS_MS = 5000;

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  emailNotifications: true,
  autoBackup: false,
  compressionLevel: 'medium',
}) as Settings;

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** Stored settings, keeping only known fields of the right type over the defaults. */
export function parseSettings(raw: string | null): Settings {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    value = null;
  }
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    emailNotifications:
      typeof stored.emailNotifications === 'boolean'
        ? stored.emailNotifications
        : DEFAULT_SETTINGS.emailNotifications,
    autoBackup: typeof stored.autoBackup === 'boolean' ? stored.autoBackup : DEFAULT_SETTINGS.autoBackup,
    compressionLevel: ['low', 'medium', 'high'].includes(stored.compressionLevel as string)
      ? (stored.compressionLevel as CompressionLevel)
      : DEFAULT_SETTINGS.compressionLevel,
  };
}

export function initialAppState(options: {
  language: Language;
  isOnline: boolean;
  read?: (key: string) => string | null;
}): AppState {
  const read = options.read ?? readStorage;
  const theme = read(THEME_STORAGE_KEY);
  const stored = read(LANGUAGE_STORAGE_KEY);
  return {
    user: null,
    gallery: { currentGallery: null, isLoading: false, error: null },
    theme: isTheme(theme) ? theme : 'system',
    language: options.language ?? (isLanguage(stored) ? stored : DEFAULT_LANGUAGE),
    notifications: [],
    ui: { sidebarOpen: false, modalStack: [], isOnline: options.isOnline },
    settings: parseSettings(read(SETTINGS_STORAGE_KEY)),
  };
}

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'setUser':
      return { ...state, user: action.user };
    case 'setGallery':
      return { ...state, gallery: { currentGallery: action.gallery, isLoading: false, error: null } };
    case 'setGalleryLoading':
      return { ...state, gallery: { ...state.gallery, isLoading: action.isLoading } };
    case 'setGalleryError':
      return { ...state, gallery: { ...state.gallery, isLoading: false, error: action.error } };
    case 'setTheme':
      return { ...state, theme: action.theme };
    case 'setLanguage':
      return state.language === action.language ? state : { ...state, language: action.language };
    case 'addNotification':
      return { ...state, notifications: [...state.notifications, action.notification] };
    case 'removeNotification':
      return { ...state, notifications: state.notifications.filter((n) => n.id !== action.id) };
    case 'toggleSidebar':
      return { ...state, ui: { ...state.ui, sidebarOpen: !state.ui.sidebarOpen } };
    case 'pushModal':
      return { ...state, ui: { ...state.ui, modalStack: [...state.ui.modalStack, action.modal] } };
    case 'popModal':
      return { ...state, ui: { ...state.ui, modalStack: state.ui.modalStack.slice(0, -1) } };
    case 'setOnline':
      return state.ui.isOnline === action.isOnline
        ? state
        : { ...state, ui: { ...state.ui, isOnline: action.isOnline } };
    case 'updateSettings':
      return { ...state, settings: { ...state.settings, ...action.settings } };
  }
}

/** The theme to draw: the system's preference stands for 'system'. */
export function resolvedTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}
