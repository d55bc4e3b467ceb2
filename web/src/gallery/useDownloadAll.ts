import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { track } from '../analytics/track';
import {
  ARCHIVE_JOB_QUERY,
  ARCHIVE_PROGRESS_SUBSCRIPTION,
  IDLE,
  REQUEST_ARCHIVE,
  type ArchiveJob,
  type ArchiveLayout,
  type DownloadStage,
  type DownloadState,
} from './downloadAll';

/** How often the job is read while it builds, in case a progress message was lost (live signals are not kept). */
const POLL_MS = 4000;

/** Starts the browser's download of the zip (the link names the file; the page stays). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Download All: asks for the gallery's zip, follows its progress live (archiveProgress) with a slow read of the
 * job as a fallback, and starts the download from the link once the zip is complete.
 */
export function useDownloadAll(code: string) {
  const client = useApolloClient();
  const [state, setState] = useState<DownloadState>(IDLE);
  const stopRef = useRef<() => void>(() => undefined);

  useEffect(() => () => stopRef.current(), []);

  const start = useCallback(
    async (layout: ArchiveLayout = 'BY_DATE', jpegCopies = false) => {
      stopRef.current();
      setState({ stage: 'downloading', count: 0, total: 0 });
      let jobId: string | null = null;
      let finished = false;
      let total = 0;
      const early: { jobId: string; stage: string; count: number; total: number }[] = [];

      const finish = (job: ArchiveJob) => {
        if (finished) return;
        if (job.status === 'COMPLETE' && job.downloadUrl) {
          finished = true;
          stop();
          setState({ stage: 'complete', count: job.photoCount, total: job.photoCount });
          track('photo_download', { gallery_code: code, mode: 'bulk', count: job.photoCount });
          startDownload(job.downloadUrl);
        } else if (job.status === 'FAILED') {
          fail();
        } else if (job.status === 'EMPTY') {
          finished = true;
          stop();
          setState({ stage: 'empty', count: 0, total: 0 });
        }
      };
      const fail = () => {
        if (finished) return;
        finished = true;
        stop();
        setState({ stage: 'failed', count: 0, total: 0 });
      };
      const readJob = async () => {
        if (!jobId || finished) return;
        try {
          const result = await client.query({
            query: ARCHIVE_JOB_QUERY,
            variables: { code, jobId },
            fetchPolicy: 'no-cache',
          });
          const job = result.data?.archiveJob;
          if (!job) fail();
          else finish(job);
        } catch {
          // The next read tries again.
        }
      };
      const onProgress = (progress: { jobId: string; stage: string; count: number; total: number }) => {
        if (finished) return;
        if (!jobId) {
          early.push(progress);
          return;
        }
        if (progress.jobId !== jobId) return;
        total = Math.max(total, progress.total);
        const stage = progress.stage.toLowerCase() as DownloadStage;
        if (stage === 'complete') void readJob();
        else if (stage === 'failed') fail();
        else setState({ stage, count: progress.count, total });
      };

      const subscription = client
        .subscribe({ query: ARCHIVE_PROGRESS_SUBSCRIPTION, variables: { eventCode: code } })
        .subscribe({
          next: (result) => {
            const progress = result.data?.archiveProgress;
            if (progress) onProgress(progress);
          },
          error: () => undefined,
        });
      const poll = setInterval(() => void readJob(), POLL_MS);
      function stop() {
        subscription.unsubscribe();
        clearInterval(poll);
      }
      stopRef.current = () => {
        finished = true;
        stop();
      };

      try {
        const result = await client.mutate({
          mutation: REQUEST_ARCHIVE,
          variables: { code, layout, jpegCopies },
        });
        const job = result.data?.requestArchive;
        if (!job) return fail();
        jobId = job.id;
        if (job.status !== 'BUILDING') return finish(job);
        for (const progress of early.splice(0)) onProgress(progress);
      } catch {
        fail();
      }
    },
    [client, code],
  );

  const busy = !['idle', 'complete', 'failed', 'empty'].includes(state.stage);
  return { state, start, busy };
}
