/**
 * Who may call an operation, as every subgraph marks it (`@access(who: ...)`, set by the guard's decorators in
 * @gallery/platform) and the gateway marks its subscriptions:
 * - `public`: anyone; nothing of a gallery's owner is given away;
 * - `guest`: whoever holds the gallery's code (a guest of that gallery, or its owner);
 * - `signed-in`: a signed-in owner (a session), whichever gallery;
 * - `owner`: the owner of the gallery the operation names.
 */
export const ACCESS_LEVELS = ['public', 'guest', 'signed-in', 'owner'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** An operation's mark: its level and, for `guest` and `owner`, the argument naming the gallery. */
export interface OperationAccess {
  who: AccessLevel;
  argument?: string;
}
