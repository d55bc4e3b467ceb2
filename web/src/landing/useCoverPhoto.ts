import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { useSaveStatus, type SaveStatus } from '../ui/useSaveStatus';
import { LANDING_QUERY, SET_COVER_PHOTO } from './graphql';

/** Sets or removes the cover photo, then reads the landing again so every part of the page shows the new one. */
export function useCoverPhoto(code: string): SaveStatus & { choose: (photoId: string | null) => void } {
  const [setCover] = useMutation(SET_COVER_PHOTO, {
    refetchQueries: [{ query: LANDING_QUERY, variables: { code } }],
    awaitRefetchQueries: true,
  });
  const status = useSaveStatus();
  const { save } = status;
  // Stable: the event page's memoized photo tiles carry it.
  const choose = useCallback(
    (photoId: string | null) => void save(() => setCover({ variables: { code, photoId } })),
    [save, setCover, code],
  );
  return { ...status, choose };
}
