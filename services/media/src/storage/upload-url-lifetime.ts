/**
 * How long a presigned upload URL stays valid. Storage checks the expiry when a PUT starts, not when it ends,
 * so the URL only has to outlive the wait between handing out the slot and starting the PUT: browsers ask for
 * slots just before they PUT, a few files at a time. Five minutes covers a queue of three PUTs on a slow venue
 * network; anything longer only widens the window in which a leaked URL can still write.
 */
export const UPLOAD_URL_SECONDS = 5 * 60;
