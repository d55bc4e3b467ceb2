import { describe, expect, it } from '@jest/globals';
import { appReducer, initialAppState, parseSettings, resolvedTheme, type AppState } from './appState';

function fresh(stored: Record<string, string> = {}): AppState {
  return initialAppState({ language: 'en', isOnline: true, read: (key) => stored[key] ?? null });
}

describe('client state', () => {
  it('starts with the spec defaults', () => {
    const state = fresh();
    expect(state).toEqual({
      user: null,
      gallery: { currentGallery: null, isLoading: false, error: null },
      theme: 'system',
      language: 'en',
      notifications: [],
      ui: { sidebarOpen: false, modalStack: [], isOnline: true },
      settings: { emailNotifications: true, autoBackup: false, compressionLevel: 'medium' },
    });
  });

  it('reads the stored theme and settings, ignoring what it does not know', () => {
    const state = fresh({
      'app-theme': 'dark',
      'app-settings': '{"autoBackup":true,"compressionLevel":"huge","extra":1}',
    });
    expect(state.theme).toBe('dark');
    expect(state.settings).toEqual({
      emailNotifications: true,
      autoBackup: true,
      compressionLevel: 'medium',
    });
    expect(fresh({ 'app-theme': 'neon' }).theme).toBe('system');
    expect(parseSettings('{broken')).toEqual(fresh().settings);
  });

  it('applies every action of the spec', () => {
    let state = fresh();
    state = appReducer(state, { type: 'setUser', user: { email: 'a@b.co' } });
    expect(state.user).toEqual({ email: 'a@b.co' });
    state = appReducer(state, { type: 'setGalleryLoading', isLoading: true });
    state = appReducer(state, { type: 'setGalleryError', error: 'boom' });
    expect(state.gallery).toEqual({ currentGallery: null, isLoading: false, error: 'boom' });
    state = appReducer(state, { type: 'setGalleryLoading', isLoading: true });
    state = appReducer(state, { type: 'setGallery', gallery: { code: 'ACDEFGHJ' } });
    expect(state.gallery).toEqual({ currentGallery: { code: 'ACDEFGHJ' }, isLoading: false, error: null });
    state = appReducer(state, { type: 'setTheme', theme: 'light' });
    state = appReducer(state, { type: 'setLanguage', language: 'fr' });
    expect([state.theme, state.language]).toEqual(['light', 'fr']);
    const notification = { id: 'n1', timestamp: 1, kind: 'info' as const, message: 'hi' };
    state = appReducer(state, { type: 'addNotification', notification });
    expect(state.notifications).toEqual([notification]);
    state = appReducer(state, { type: 'removeNotification', id: 'n1' });
    expect(state.notifications).toEqual([]);
    state = appReducer(state, { type: 'toggleSidebar' });
    state = appReducer(state, { type: 'pushModal', modal: 'qr' });
    state = appReducer(state, { type: 'pushModal', modal: 'viewer' });
    state = appReducer(state, { type: 'popModal' });
    state = appReducer(state, { type: 'setOnline', isOnline: false });
    expect(state.ui).toEqual({ sidebarOpen: true, modalStack: ['qr'], isOnline: false });
    state = appReducer(state, { type: 'updateSettings', settings: { compressionLevel: 'high' } });
    expect(state.settings).toEqual({ emailNotifications: true, autoBackup: false, compressionLevel: 'high' });
  });

  it('draws the system theme from the system preference', () => {
    expect(resolvedTheme('system', true)).toBe('dark');
    expect(resolvedTheme('system', false)).toBe('light');
    expect(resolvedTheme('dark', false)).toBe('dark');
  });
});
