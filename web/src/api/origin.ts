/** Where `npm start` runs the gateway: the page's API when it is served by the Vite dev server on localhost. */
export const DEV_GATEWAY_ORIGIN = 'http://localhost:5000';

/** What the build says about itself: the dev server or a production build, and the gateway it was pointed at. */
export interface BuildEnv {
  DEV?: boolean;
  /** A gateway other than DEV_GATEWAY_ORIGIN for the dev server (a browser test starts one on a free port). */
  VITE_API_ORIGIN?: string;
}

// Vite writes its values in; outside Vite (unit tests) there are none.
const BUILD_ENV: BuildEnv = import.meta.env ?? {};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin of every request the app makes to the gateway (GraphQL over HTTP and WebSocket, /api/*): the page's
 * own origin, as the gateway serves the built app; only when the page runs on localhost in the Vite dev server
 * is it the gateway `npm start` runs beside it (localhost port 5000, or VITE_API_ORIGIN), which answers CORS
 * for that page's origin (WEB_DEV_ORIGINS).
 */
export function apiOrigin(
  page: { hostname: string; origin: string } = window.location,
  env: BuildEnv = BUILD_ENV,
): string {
  if (!env.DEV || !LOCAL_HOSTS.has(page.hostname)) return page.origin;
  return (env.VITE_API_ORIGIN || DEV_GATEWAY_ORIGIN).replace(/\/+$/, '');
}

/** `path` (starting with a slash) on the gateway. */
export function apiUrl(path: string): string {
  return `${apiOrigin()}${path}`;
}

/** The graphql-ws endpoint: the same origin and path as HTTP GraphQL, over ws: or wss:. */
export function liveUrl(origin: string = apiOrigin()): string {
  return `${origin.replace(/^http/, 'ws')}/graphql`;
}
