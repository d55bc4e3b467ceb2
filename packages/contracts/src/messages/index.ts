import { en, type MessageKey } from './en.js';

export { en, type MessageKey, type SharedMessages } from './en.js';
export { fr } from './fr.js';
export { es } from './es.js';

/** The English text for a shared message key, with {{count}} filled in: what the services put in errors. */
export function englishMessage(key: MessageKey, values: { count?: number } = {}): string {
  const [group, name] = key.split('.') as [keyof typeof en, string];
  const template = (en[group] as Record<string, string>)[name];
  return template.replace('{{count}}', String(values.count ?? ''));
}
