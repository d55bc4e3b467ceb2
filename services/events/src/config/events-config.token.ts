/** Injection token of the service's EventsConfig. */
export const EVENTS_CONFIG = Symbol('EVENTS_CONFIG');
