import type { ShownMessage } from './graphql';

/**
 * Newest first, each message once (a live one may also come in a read). A known message stays as it is, except
 * that its writer's waiting one loses its mark when it comes back approved (live, or in a read). Two parameters
 * only: it is used as a reducer.
 */
export function withMessage(list: ShownMessage[], message: ShownMessage): ShownMessage[] {
  const known = list.find((shown) => shown.id === message.id);
  if (known) {
    if (!known.awaitingApproval || message.awaitingApproval) return list;
    return list.map((shown) => (shown === known ? { ...known, awaitingApproval: false } : shown));
  }
  return [message, ...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The `keep` newest of a newest-first list (the whole list when it holds no more). */
export function newest(list: ShownMessage[], keep: number): ShownMessage[] {
  return list.length > keep ? list.slice(0, keep) : list;
}
