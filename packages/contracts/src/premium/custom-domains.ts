import type { MailLanguage } from '../mail/mail-language.js';

/** A couple's own host name for their gallery (Premium only): the rules every service and the web app share. */
export const CUSTOM_DOMAIN_LIMITS = Object.freeze({
  /** DNS's limit for a whole name (RFC 1035), dots included, without the root's trailing dot. */
  hostChars: 253,
  /** DNS's limit for one label. */
  labelChars: 63,
  /** What the couple may type before it is even looked at (a pasted URL with its path, say). */
  inputChars: 300,
});

/** The TXT record that proves the couple controls the name: `_gallery-verification.{host}`. */
export const DOMAIN_VERIFICATION_LABEL = '_gallery-verification';
/** The TXT record's value: this prefix and the gallery's token, so one name can carry other TXT records too. */
export const DOMAIN_VERIFICATION_PREFIX = 'gallery-verification=';

export const CUSTOM_DOMAIN_STATES = ['pending', 'verified', 'failed'] as const;
export type CustomDomainState = (typeof CUSTOM_DOMAIN_STATES)[number];

/** Why a check failed: each has its own sentence on the event page. */
export const CUSTOM_DOMAIN_FAILURES = [
  'CNAME_MISSING',
  'CNAME_WRONG',
  'TXT_MISSING',
  'TXT_WRONG',
  'DNS_UNREACHABLE',
] as const;
export type CustomDomainFailure = (typeof CUSTOM_DOMAIN_FAILURES)[number];

/** Why a name is refused before any DNS lookup: each is an error code with its text in every language. */
export type CustomHostProblem =
  'DOMAIN_INVALID' | 'DOMAIN_IP_ADDRESS' | 'DOMAIN_WILDCARD' | 'DOMAIN_PRODUCT_HOST';

/** Names that only ever mean this machine or a private network: never a couple's public domain. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'invalid', 'test', 'example', 'arpa'];
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4_LIKE = /^[0-9.]+$/;

/**
 * What the couple typed, as a host name: trimmed, lower case, without a scheme, path or trailing dot, and an
 * international name in its ASCII (punycode) form. Not yet checked: see customHostProblem.
 */
export function normalizeCustomHost(input: string): string {
  let host = input.trim().toLowerCase().slice(0, CUSTOM_DOMAIN_LIMITS.inputChars);
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  host = host.replace(/\.+$/, '');
  if (host === '' || host.includes('*') || host.includes(':') || host.includes('[')) return host;
  try {
    // The URL parser turns an international name into punycode (and an odd IPv4 spelling into dotted quads).
    return new URL(`http://${host}`).hostname.replace(/\.+$/, '');
  } catch {
    return host;
  }
}

/**
 * Why `host` (normalized) cannot be a gallery's domain, or null when it can: a DNS name of at least two labels
 * of letters, digits and hyphens, no IP address, no wildcard, not a local name and not the product's own host
 * (`productHost`) or a name under it.
 */
export function customHostProblem(host: string, productHost: string): CustomHostProblem | null {
  if (host.includes('*')) return 'DOMAIN_WILDCARD';
  if (host.includes(':') || host.startsWith('[') || IPV4_LIKE.test(host)) return 'DOMAIN_IP_ADDRESS';
  if (host.length === 0 || host.length > CUSTOM_DOMAIN_LIMITS.hostChars) return 'DOMAIN_INVALID';
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return 'DOMAIN_INVALID';
  const tld = labels[labels.length - 1]!;
  if (/^[0-9]+$/.test(tld) || LOCAL_SUFFIXES.includes(tld)) return 'DOMAIN_INVALID';
  const own = productHost.toLowerCase();
  if (host === own || host.endsWith(`.${own}`)) return 'DOMAIN_PRODUCT_HOST';
  return null;
}

/** The TXT record's name for `host`. */
export function verificationRecordName(host: string): string {
  return `${DOMAIN_VERIFICATION_LABEL}.${host}`;
}

/** The TXT record's value for a gallery's token. */
export function verificationRecordValue(token: string): string {
  return `${DOMAIN_VERIFICATION_PREFIX}${token}`;
}

/** Why a domain stopped being served: the couple removed it, or the gallery left Premium or ended. */
export const DOMAIN_RELEASE_REASONS = ['removed', 'plan', 'expired', 'deleted'] as const;
export type DomainReleaseReason = (typeof DOMAIN_RELEASE_REASONS)[number];

interface Mail {
  subject: string;
  text: string;
}

export interface DomainEndedFacts {
  host: string;
  code: string;
  /** The gallery's address on the product's own host, which keeps working while the gallery lasts. */
  galleryUrl: string;
  /** 'plan': a refund took the gallery off Premium; 'expired': its storage period ended. */
  reason: 'plan' | 'expired';
}

const domainEndedTexts: Record<MailLanguage, (facts: DomainEndedFacts) => Mail> = {
  en: ({ host, code, galleryUrl, reason }) => ({
    subject: `${host} no longer shows gallery ${code}`,
    text: `Hello,\n\n${reason === 'plan' ? 'Your gallery is no longer on the Premium plan after the refund' : 'The storage period of your gallery has ended'}, so ${host} no longer shows it.\n\nThe gallery is still at:\n${galleryUrl}\n\nYou can delete the DNS records you created for ${host}.\n\nThe Wedding Gallery team\n`,
  }),
  fr: ({ host, code, galleryUrl, reason }) => ({
    subject: `${host} n'affiche plus la galerie ${code}`,
    text: `Bonjour,\n\n${reason === 'plan' ? "Après le remboursement, votre galerie n'est plus en formule Premium" : 'La durée de stockage de votre galerie est terminée'} : ${host} ne l'affiche plus.\n\nLa galerie reste accessible ici :\n${galleryUrl}\n\nVous pouvez supprimer les enregistrements DNS créés pour ${host}.\n\nL'équipe Wedding Gallery\n`,
  }),
  es: ({ host, code, galleryUrl, reason }) => ({
    subject: `${host} ya no muestra la galería ${code}`,
    text: `Hola:\n\n${reason === 'plan' ? 'Tras el reembolso, tu galería ya no tiene el plan Premium' : 'El periodo de almacenamiento de tu galería terminó'}, así que ${host} ya no la muestra.\n\nLa galería sigue aquí:\n${galleryUrl}\n\nPuedes borrar los registros DNS que creaste para ${host}.\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/** The mail to the couple when their domain stops being served because the gallery left Premium or ended. */
export function domainEndedMail(language: MailLanguage, facts: DomainEndedFacts): Mail {
  return domainEndedTexts[language](facts);
}
