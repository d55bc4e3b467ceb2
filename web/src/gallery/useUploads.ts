import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { PlanId } from '@gallery/contracts';
import { readApiError } from '../api/apiErrors';
import { CONFIRM_PHOTO_UPLOAD, REQUEST_PHOTO_UPLOADS, type Photo } from './graphql';
import { readGuestName } from './guestName';
import { putFile } from './putFile';
import { runUploads, type UploadEntry, type UploadTransport } from './uploadQueue';
import { checkPhotoFile, contentTypeFor, refusalFor, uploadsReducer } from './uploads';

let lastUploadId = 0;

/**
 * Uploads chosen files (see runUploads) and lists them with their progress; each confirmed photo goes to
 * `onUploaded` at once.
 */
export function useUploads(eventCode: string, plan: PlanId, onUploaded: (photo: Photo) => void) {
  const client = useApolloClient();
  const [items, dispatch] = useReducer(uploadsReducer, []);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  const transport = useMemo<UploadTransport>(
    () => ({
      requestSlots: async (entries) => {
        const result = await client.mutate({
          mutation: REQUEST_PHOTO_UPLOADS,
          variables: {
            eventCode,
            files: entries.map((entry) => ({
              fileName: entry.file.name,
              contentType: entry.contentType,
              size: entry.file.size,
            })),
            // Read at each request: a name given while files upload goes with the next ones.
            guestName: readGuestName(),
          },
        });
        return result.data?.requestPhotoUploads ?? [];
      },
      put: (slot, entry, onProgress) => putFile(slot.uploadUrl, entry.file, slot.headers, onProgress),
      confirm: async (uploadId) => {
        const result = await client.mutate({
          mutation: CONFIRM_PHOTO_UPLOAD,
          variables: { eventCode, uploadId },
        });
        return result.data?.confirmPhotoUpload;
      },
    }),
    [client, eventCode],
  );

  const upload = useCallback(
    async (files: File[]) => {
      const checked = files.map((file) => ({
        id: `upload-${++lastUploadId}`,
        file,
        contentType: contentTypeFor(file),
        refusal: checkPhotoFile(file, plan),
      }));
      dispatch({
        type: 'add',
        items: checked.map((entry) => ({
          id: entry.id,
          name: entry.file.name,
          status: entry.refusal ? 'failed' : 'waiting',
          progress: 0,
          refusal: entry.refusal ?? undefined,
        })),
      });
      const entries: UploadEntry[] = checked.filter((entry) => !entry.refusal);
      await runUploads({
        entries,
        transport,
        refusalOf: (error) => {
          const apiError = readApiError(error);
          return refusalFor(apiError.code, plan, apiError.extensions);
        },
        dispatch,
        onUploaded: (photo) => onUploadedRef.current(photo),
      });
    },
    [transport, plan],
  );

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  return { items, upload, clear };
}
