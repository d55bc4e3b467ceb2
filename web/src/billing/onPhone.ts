/**
 * Whether this browser is itself a phone or tablet: a touch screen with no mouse to hover. Paying "on your
 * phone" by scanning a QR code is offered only to the others.
 */
export function isOnPhone(): boolean {
  return window.matchMedia?.('(pointer: coarse) and (hover: none)').matches ?? false;
}
