import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { MAX_FILES_PER_REQUEST, type PlanId } from '@gallery/contracts';
import { readApiError } from '../api/apiErrors';
import { CONFIRM_PHOTO_UPLOAD, REQUEST_PHOTO_UPLOADS, type Photo, type UploadSlot } from './graphql';
import { putFile } from './putFile';
import {
  checkPhotoFile,
  chunk,
  contentTypeFor,
  refusalFor,
  runWithConcurrency,
  UPLOAD_CONCURRENCY,
  uploadsReducer,
  type UploadRefusal,
} from './uploads';

let lastUploadId = 0;

interface Entry {
  id: string;
  file: File;
  contentType: string;
  refusal: UploadRefusal | null;
}

/**
 * Uploads chosen files: slots from requestPhotoUploads, a PUT per file to storage (three at a time, with
 * progress), then confirmPhotoUpload; each confirmed photo goes to `onUploaded` at once.
 */
export function useUploads(eventCode: string, plan: PlanId, onUploaded: (photo: Photo) => void) {
  const client = useApolloClient();
  const [items, dispatch] = useReducer(uploadsReducer, []);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  const refusalOf = useCallback(
    (error: unknown) => {
      const apiError = readApiError(error);
      return refusalFor(apiError.code, plan, apiError.extensions);
    },
    [plan],
  );

  const send = useCallback(
    async (entry: Entry, slot: UploadSlot | undefined) => {
      if (!slot) {
        dispatch({ type: 'failed', id: entry.id, refusal: { code: 'UPLOAD_NOT_FOUND' } });
        return;
      }
      dispatch({ type: 'status', id: entry.id, status: 'uploading' });
      try {
        await putFile(slot.uploadUrl, entry.file, slot.headers, (progress) =>
          dispatch({ type: 'progress', id: entry.id, progress }),
        );
      } catch {
        dispatch({ type: 'failed', id: entry.id, refusal: { code: 'UPLOAD_NOT_FOUND' } });
        return;
      }
      dispatch({ type: 'status', id: entry.id, status: 'confirming' });
      try {
        const result = await client.mutate({
          mutation: CONFIRM_PHOTO_UPLOAD,
          variables: { eventCode, uploadId: slot.uploadId },
        });
        const photo = result.data?.confirmPhotoUpload;
        dispatch({ type: 'status', id: entry.id, status: 'done' });
        if (photo) onUploadedRef.current(photo);
      } catch (error) {
        dispatch({ type: 'failed', id: entry.id, refusal: refusalOf(error) });
      }
    },
    [client, eventCode, refusalOf],
  );

  const upload = useCallback(
    async (files: File[]) => {
      const entries: Entry[] = files.map((file) => ({
        id: `upload-${++lastUploadId}`,
        file,
        contentType: contentTypeFor(file),
        refusal: checkPhotoFile(file),
      }));
      dispatch({
        type: 'add',
        items: entries.map((entry) => ({
          id: entry.id,
          name: entry.file.name,
          status: entry.refusal ? 'failed' : 'waiting',
          progress: 0,
          refusal: entry.refusal ?? undefined,
        })),
      });

      for (const batch of chunk(
        entries.filter((entry) => !entry.refusal),
        MAX_FILES_PER_REQUEST,
      )) {
        let slots: UploadSlot[];
        try {
          const result = await client.mutate({
            mutation: REQUEST_PHOTO_UPLOADS,
            variables: {
              eventCode,
              files: batch.map((entry) => ({
                fileName: entry.file.name,
                contentType: entry.contentType,
                size: entry.file.size,
              })),
            },
          });
          slots = result.data?.requestPhotoUploads ?? [];
        } catch (error) {
          const refusal = refusalOf(error);
          batch.forEach((entry) => dispatch({ type: 'failed', id: entry.id, refusal }));
          continue;
        }
        await runWithConcurrency(
          batch.map((entry, index) => ({ entry, slot: slots[index] })),
          UPLOAD_CONCURRENCY,
          ({ entry, slot }) => send(entry, slot),
        );
      }
    },
    [client, eventCode, refusalOf, send],
  );

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  return { items, upload, clear };
}
