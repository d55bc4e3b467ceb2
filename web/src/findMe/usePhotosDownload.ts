import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { track } from '../analytics/track';
import { readApiError, retryAfterMs, type ApiError } from '../api/apiErrors';
import { ARCHIVE_JOB_QUERY, type ArchiveJob } from '../gallery/downloadAll';
import { startDownload } from '../gallery/useDownloadAll';
import { REQUEST_PHOTOS_ARCHIVE } from './graphql';

/** How often the zip's job is read while it builds (its progress goes to nobody else: only this guest asked). */
const POLL_MS = 1000;

export type PhotosDownload =
  | { stage: 'idle' }
  | { stage: 'building' }
  | { stage: 'complete'; count: number }
  | { stage: 'failed'; error: ApiError | null }
  | { stage: 'busy'; until: number };

/**
 * "Download these": asks the download service for the zip of these photos (those of them this guest may see,
 * flat in "Photos of you"), reads its job until it is built, and starts the browser's download from its link.
 */
export function usePhotosDownload(code: string) {
  const client = useApolloClient();
  const [state, setState] = useState<PhotosDownload>({ stage: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const start = useCallback(
    async (photoIds: string[]) => {
      clearTimeout(timer.current);
      setState({ stage: 'building' });
      const finish = (job: ArchiveJob | null) => {
        if (job?.status === 'COMPLETE' && job.downloadUrl) {
          setState({ stage: 'complete', count: job.photoCount });
          track('photo_download', { gallery_code: code, mode: 'bulk', count: job.photoCount });
          startDownload(job.downloadUrl);
        } else if (job?.status === 'BUILDING' && job.id) {
          const jobId = job.id;
          timer.current = setTimeout(() => void read(jobId), POLL_MS);
        } else {
          setState({ stage: 'failed', error: null });
        }
      };
      const read = async (jobId: string) => {
        try {
          const result = await client.query({
            query: ARCHIVE_JOB_QUERY,
            variables: { code, jobId },
            fetchPolicy: 'no-cache',
          });
          finish(result.data?.archiveJob ?? null);
        } catch {
          // A lost answer: read again.
          timer.current = setTimeout(() => void read(jobId), POLL_MS);
        }
      };
      try {
        const result = await client.mutate({
          mutation: REQUEST_PHOTOS_ARCHIVE,
          variables: { code, photoIds },
        });
        finish(result.data?.requestPhotosArchive ?? null);
      } catch (failure) {
        const error = readApiError(failure);
        const wait = retryAfterMs(error);
        setState(wait === null ? { stage: 'failed', error } : { stage: 'busy', until: Date.now() + wait });
      }
    },
    [client, code],
  );

  return { state, start };
}
