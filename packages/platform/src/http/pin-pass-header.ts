import { PIN_PASS_HEADER, PIN_PASS_MAX_LENGTH } from '@gallery/contracts';

/** The gallery pass a request carries (the first value when repeated); one too long to be a pass is dropped. */
export function pinPassHeader(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[PIN_PASS_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.length <= PIN_PASS_MAX_LENGTH ? value : undefined;
}
