import { JSDOM } from 'jsdom';

/**
 * A page in jsdom whose window objects named in `names` become globals, for a spec that renders components with
 * React in Node (import React only after calling this); React is told it runs inside `act`. Returns the page and
 * the globals, for what a spec sets beside them.
 */
export function installJsdomGlobals(
  html: string,
  url: string,
  names: readonly (keyof JSDOM['window'] & string)[],
): { dom: JSDOM; globals: Record<string, unknown> } {
  const dom = new JSDOM(html, { url });
  const globals = globalThis as Record<string, unknown>;
  for (const name of names)
    Object.defineProperty(globals, name, { value: dom.window[name], configurable: true });
  globals.IS_REACT_ACT_ENVIRONMENT = true;
  return { dom, globals };
}
