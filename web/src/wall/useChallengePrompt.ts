import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import { WALL_CHALLENGES_QUERY } from './graphql';

/** At most one re-read of the challenges this often, however many photos of a new challenge arrive. */
const REREAD_EVERY_MS = 30_000;

/**
 * The prompt of the photo challenge a photo on the wall answers, or null. The list is read once and again when a
 * photo names a challenge the wall has not heard of (the couple added it during the evening).
 */
export function useChallengePrompt(code: string, challengeId: string | null): string | null {
  const { data, refetch } = useQuery(WALL_CHALLENGES_QUERY, { variables: { code } });
  const prompts = useMemo(
    () => new Map((data?.event?.challenges ?? []).map((challenge) => [challenge.id, challenge.prompt])),
    [data],
  );
  const lastReread = useRef(0);
  const unknown = Boolean(data && challengeId && !prompts.has(challengeId));
  useEffect(() => {
    if (!unknown || Date.now() - lastReread.current < REREAD_EVERY_MS) return;
    lastReread.current = Date.now();
    refetch().catch(() => undefined);
  }, [unknown, refetch]);
  return challengeId ? (prompts.get(challengeId) ?? null) : null;
}
