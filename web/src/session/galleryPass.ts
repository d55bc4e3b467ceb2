// Apollo's gql, parsed as the module loads: session/ imports nothing of the app (api/gql.ts sits above it), and
// its documents are read as the app starts.
import { gql, type TypedDocumentNode } from '@apollo/client';
import { readStorage, writeStorage } from './storage';

/**
 * The passes this browser earned by entering galleries' PINs, one per gallery (localStorage), and the gallery
 * open now: its pass goes with every request as X-Gallery-Pass, so a guest enters a PIN once per browser.
 */
const PASS_HEADER = 'X-Gallery-Pass';
const storageKey = (code: string) => `galleryPass:${code}`;

let openGallery: string | null = null;
/** The wall link's key while the slideshow wall is open: it lets the venue's screen in without the PIN. */
let openWallKey: string | null = null;

/**
 * The gallery whose pass requests carry from now on (the gallery page sets it before its first query; the wall
 * page with its link's key, which events admits as that gallery's pass).
 */
export function setOpenGallery(code: string | null, wallKey: string | null = null): void {
  openGallery = code;
  openWallKey = wallKey;
}

interface KeptPass {
  pass: string;
  expiresAt: string;
}

function kept(code: string): KeptPass | null {
  const stored = readStorage(storageKey(code));
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<KeptPass>;
    if (typeof value.pass !== 'string' || typeof value.expiresAt !== 'string') return null;
    return Date.parse(value.expiresAt) > Date.now() ? { pass: value.pass, expiresAt: value.expiresAt } : null;
  } catch {
    return null;
  }
}

export function keepPass(code: string, pass: KeptPass): void {
  writeStorage(storageKey(code), JSON.stringify(pass));
}

/** The open gallery's pass, if this browser has one. */
export function openGalleryPass(): string | undefined {
  return (openGallery && (openWallKey ?? kept(openGallery)?.pass)) || undefined;
}

/** The header with the open gallery's pass; none without one. */
export function galleryPassHeader(): Record<string, string> {
  const pass = openGalleryPass();
  return pass ? { [PASS_HEADER]: pass } : {};
}

export const ENTER_GALLERY_PIN: TypedDocumentNode<
  { enterGalleryPin: KeptPass },
  { code: string; pin: string }
> = gql`
  mutation EnterGalleryPin($code: String!, $pin: String!) {
    enterGalleryPin(code: $code, pin: $pin) {
      pass
      expiresAt
    }
  }
`;
