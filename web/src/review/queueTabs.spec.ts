import { describe, expect, it } from '@jest/globals';
import { testTranslations } from '../i18n/testTranslations';
import { KINDS, TEXTS, tabAfterKey } from './queueTabs';

describe("the approval queue's tabs", () => {
  it('move by the arrow keys round the ends, and to the first and last by Home and End', () => {
    expect(tabAfterKey(KINDS, 'PHOTOS', 'ArrowRight')).toBe('MESSAGES');
    expect(tabAfterKey(KINDS, 'MESSAGES', 'ArrowRight')).toBe('PHOTOS');
    expect(tabAfterKey(KINDS, 'PHOTOS', 'ArrowLeft')).toBe('MESSAGES');
    expect(tabAfterKey(KINDS, 'MESSAGES', 'ArrowLeft')).toBe('PHOTOS');
    expect(tabAfterKey(['a', 'b', 'c'], 'b', 'Home')).toBe('a');
    expect(tabAfterKey(['a', 'b', 'c'], 'b', 'End')).toBe('c');
    expect(tabAfterKey(KINDS, 'PHOTOS', 'Tab')).toBeUndefined();
    expect(tabAfterKey(KINDS, 'PHOTOS', 'ArrowDown')).toBeUndefined();
  });

  it('agree their texts with photos (feminine) and messages (masculine) in Spanish and French', () => {
    const es = testTranslations('es').t;
    expect(es(TEXTS.PHOTOS.selectAll)).toBe('Seleccionar todas las fotos');
    expect(es(TEXTS.MESSAGES.selectAll)).toBe('Seleccionar todos los mensajes');
    expect(es(TEXTS.PHOTOS.selected, { count: 2 })).toBe('2 seleccionadas');
    expect(es(TEXTS.MESSAGES.selected, { count: 2 })).toBe('2 seleccionados');
    expect(es(TEXTS.MESSAGES.hiddenTab, { count: 0 })).toBe('Ocultos (0)');
    const fr = testTranslations('fr').t;
    expect(fr(TEXTS.PHOTOS.selectAll)).toBe('Sélectionner toutes les photos');
    expect(fr(TEXTS.MESSAGES.selectAll)).toBe('Sélectionner tous les messages');
    expect(fr(TEXTS.PHOTOS.selected, { count: 0 })).toBe('0 sélectionnée');
    expect(fr(TEXTS.MESSAGES.selected, { count: 0 })).toBe('0 sélectionné');
    const en = testTranslations('en').t;
    expect(en(TEXTS.MESSAGES.selectAll)).toBe('Select all messages shown');
    expect(en('review.tabWaiting', { count: 3 })).toBe('3 waiting');
  });
});
