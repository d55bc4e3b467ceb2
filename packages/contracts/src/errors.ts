import type { en } from './messages/en.js';

/** Codes every service puts in `extensions.code` of a GraphQL error; the web app translates them by code. */
export type ErrorCode = keyof typeof en.errors;
