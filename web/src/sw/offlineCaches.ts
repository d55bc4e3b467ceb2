/**
 * What the page and the service worker share through Cache Storage (the worker cannot read the page's
 * storage): the gallery the guest last opened, and files another app shared, held until a gallery page takes
 * them into its upload queue.
 */
export const APP_STATE_CACHE = 'gallery-app-state';
export const LAST_GALLERY_KEY = '/__last-gallery';
export const SHARED_FILES_CACHE = 'gallery-shared-files';
/** Where the installed app's share target posts (web/public/manifest.webmanifest). */
export const SHARE_TARGET_PATH = '/share-target';
/** The field of the shared files in that post. */
export const SHARED_FILES_FIELD = 'files';
/** The header that carries a shared file's name with its bytes. */
export const SHARED_NAME_HEADER = 'x-shared-file-name';
