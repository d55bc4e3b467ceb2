/**
 * Texts that the services and the web app both show: the order form's validation messages (spec section 5)
 * and the reasons an upload or a lookup is refused. The web app merges them into its i18next resources.
 */
export const en = {
  validation: {
    coupleNamesRequired: 'Couple names are required',
    coupleNamesBoth: 'Please enter both names (e.g. Sarah & Mike)',
    weddingDateRequired: 'Wedding date is required',
    weddingDateInvalid: 'Please enter a valid date',
    weddingDateTooFar: 'Wedding date cannot be more than 2 years in the future',
    locationRequired: 'Event location is required',
    locationIncomplete: 'Please enter a complete location',
    emailRequired: 'Email address is required',
    emailInvalid: 'Please enter a valid email address',
    phoneRequired: 'Phone number is required',
    phoneTooShort: 'Phone number must have at least 10 digits',
    phoneTooLong: 'Phone number is too long',
    planRequired: 'Please choose a package',
    tooLong: 'Please use at most {{count}} characters',
    forbiddenCharacters: 'Please remove control or text-direction characters',
  },
  errors: {
    GALLERY_NOT_FOUND: 'Gallery not found',
    VALIDATION_FAILED: 'Please correct the highlighted fields',
    PHOTO_LIMIT_REACHED:
      'This gallery is full: it holds {{count}} photos, all its plan takes. Let the couple know.',
    UNSUPPORTED_FILE_TYPE:
      'This file is not a supported photo. Please upload JPEG, PNG, WebP or HEIC images.',
    FILE_TOO_LARGE: 'This photo is larger than {{count}} MB.',
    VIDEO_TOO_LARGE: 'This video is larger than {{count}} MB.',
    VIDEOS_NEED_PREMIUM:
      'Videos can be added on the Premium plan only. The couple can upgrade the gallery to Premium.',
    VIDEO_UNREADABLE: 'This video could not be read. Please upload an MP4, MOV or WebM file.',
    FILE_EMPTY: 'This file is empty.',
    GALLERY_EXPIRED: 'This gallery has expired and no longer accepts uploads.',
    GALLERY_READ_ONLY:
      "This gallery's plan was refunded: its photos can still be viewed and downloaded, but it takes no new ones.",
    UPLOAD_NOT_FOUND: 'The upload did not reach our storage. Please try again.',
    UNAUTHENTICATED: 'Please sign in as the gallery owner.',
    FORBIDDEN: 'You do not have access to this gallery.',
    INTERNAL: 'Something went wrong on our side. Please try again.',
    SERVICE_UNAVAILABLE: 'The gallery service is not answering right now. Please try again in a moment.',
    RATE_LIMITED: 'Too many attempts. Please wait {{count}} seconds and try again.',
    IMAGE_TOO_LARGE: 'This photo has more than {{count}} megapixels.',
    UPLOADS_BUSY: 'Too many uploads are in progress for this gallery. Please wait for them to finish.',
    // billing
    NOT_GALLERY_OWNER: "Only the gallery's owner can do this.",
    UPGRADE_NOT_AVAILABLE: 'This gallery cannot move to that plan.',
    CHECKOUT_NOT_FOUND: 'This checkout does not exist.',
    CHECKOUT_CLOSED: 'This checkout is already paid or cancelled.',
    DEMO_PAYMENTS_DISABLED: 'Demo payments are turned off: payments go through Stripe.',
    NOTHING_TO_REFUND: 'There is no payment to refund for this gallery.',
    REFUND_WINDOW_CLOSED: 'The {{count}}-day refund window for this payment has passed.',
    // bundles
    BUNDLE_NOT_FOUND: 'This bundle is not sold.',
    TOO_MANY_BUNDLES: 'One checkout can hold at most {{count}} bundles.',
    CREDIT_NOT_FOUND: 'This credit does not exist.',
    NOT_CREDIT_OWNER: 'This credit belongs to another account. Sign in with the email that bought it.',
    CREDIT_EXPIRED: 'This credit has expired: credits can be used for {{count}} days after purchase.',
    CREDIT_WRONG_PLAN: 'This credit is for another plan. Choose a credit of the plan you want.',
    GALLERY_ALREADY_ON_PLAN: 'This gallery is already on this plan or a higher one.',
    CREDIT_ALREADY_USED: 'This credit has just been used for another gallery. Choose another credit.',
    CREDIT_REFUNDED: 'This credit has been refunded and can no longer be used.',
    NO_CREDITS_TO_REFUND: 'This bundle has no unused credits left to refund.',
    // owners
    SIGN_IN_LINK_INVALID: 'This sign-in link is wrong, already used or expired. Please ask for a new one.',
    // Find me
    FIND_ME_OFF: 'The couple has not turned on "Find me" for this gallery.',
    SELFIE_TOO_LARGE: 'This picture is larger than {{count}} KB. Please take a smaller one.',
    SELFIE_UNREADABLE: 'This picture could not be read. Please take a photo or choose a JPEG or PNG.',
    NO_FACE_FOUND: 'We could not find a face in this picture. Try again facing the camera, in good light.',
    PHOTO_NOT_FOUND: 'This photo no longer exists.',
    NOT_YOUR_PHOTO:
      'Only the guest who uploaded this photo can delete it, from the phone or computer it was sent from.',
    // guest names
    GUEST_NAME_TOO_LONG: 'Please keep your name to {{count}} characters.',
    GUEST_NAME_FORBIDDEN_CHARACTERS: 'Please remove control or text-direction characters from your name.',
    // hearts and the guestbook
    GUEST_IDENTITY_REQUIRED: 'Please reload the gallery page and try again.',
    GUESTBOOK_MESSAGE_EMPTY: 'Please write a message.',
    GUESTBOOK_MESSAGE_TOO_LONG: 'Please keep your message to {{count}} characters.',
    GUESTBOOK_MESSAGE_TOO_MANY_LINES: 'Please keep your message to {{count}} lines.',
    GUESTBOOK_MESSAGE_FORBIDDEN_CHARACTERS:
      'Please remove control or text-direction characters from your message.',
    GUESTBOOK_MESSAGE_NOT_FOUND: 'This message is no longer in the guestbook.',
    GUEST_MAIL_ADDRESS_INVALID: 'Please enter a valid email address (at most {{count}} characters).',
    MAIL_STOP_LINK_INVALID: 'This link does not work. Please copy the whole link from the email.',
    // photo challenges
    CHALLENGES_TOO_MANY: 'A gallery can have at most {{count}} challenges.',
    CHALLENGE_PROMPT_EMPTY: 'Please write the challenge, or remove it.',
    CHALLENGE_PROMPT_TOO_LONG: 'Please keep each challenge to {{count}} characters.',
    CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS:
      'Please remove control or text-direction characters from the challenge.',
    CHALLENGE_NOT_FOUND: 'This challenge is no longer in the gallery. Choose another one.',
    // table cards
    TABLE_NUMBER_INVALID: 'Tables are numbered from 1 to {{count}}.',
    // the guest's landing
    WELCOME_LINE_TOO_LONG: 'Please keep the welcome line to {{count}} characters.',
    WELCOME_LINE_FORBIDDEN_CHARACTERS:
      'Please remove control or text-direction characters from the welcome line.',
    COVER_PHOTO_UNAVAILABLE:
      'This photo cannot be the cover: choose one of the photos guests see in the gallery.',
    // the slideshow wall
    WALL_LINK_INVALID: 'This wall link is not valid any more. Ask the couple for a new one.',
    WALL_LINKS_LIMIT: 'This gallery already has {{count}} wall links. Reset them to make a new one.',
    WALL_INTERVAL_INVALID: 'Please choose one of the offered times.',
    // custom domains
    DOMAIN_NEEDS_PREMIUM:
      'A custom domain comes with the Premium plan. Upgrade this gallery to Premium to show it on your own domain.',
    DOMAIN_INVALID: 'Please enter a host name such as photos.anna-and-ben.com.',
    DOMAIN_IP_ADDRESS: 'Please enter a host name, not an IP address.',
    DOMAIN_WILDCARD:
      'Wildcards are not supported. Please enter one host name such as photos.anna-and-ben.com.',
    DOMAIN_PRODUCT_HOST: 'This name belongs to Wedding Gallery. Please enter a name under a domain you own.',
    DOMAIN_TAKEN: 'This domain is already used by another gallery.',
    DOMAIN_ALREADY_SET: 'This gallery already has a domain. Remove it first to use another one.',
    DOMAIN_NOT_SET: 'This gallery has no custom domain.',
    // cloud-drive backup
    BACKUP_NEEDS_PREMIUM:
      'The cloud-drive backup comes with the Premium plan. Upgrade this gallery to Premium to back it up to your drive.',
    BACKUP_URL_INVALID:
      'Please enter your WebDAV folder address, such as https://cloud.example.com/remote.php/dav/files/anna/ (at most 500 characters).',
    BACKUP_DESTINATION_PRIVATE:
      'This address is on a private network. Please enter the address of your cloud drive on the internet.',
    BACKUP_CREDENTIALS_TOO_LONG: 'The user name or app password is too long.',
    BACKUP_CREDENTIALS_REFUSED:
      'Your drive refused this user name and app password. Check them, or create a new app password in your drive’s settings.',
    BACKUP_DESTINATION_UNREACHABLE:
      'Your drive did not answer at this address. Check the address and try again.',
    BACKUP_NOT_WEBDAV:
      'This address answered, but not as a WebDAV folder. Check the address in your drive’s settings.',
    BACKUP_ALREADY_CONNECTED:
      'This gallery already backs up to a drive. Disconnect it first to use another one.',
    BACKUP_NOT_CONNECTED: 'This gallery backs up to no drive.',
    BACKUP_DRIVE_NOT_OFFERED: 'This drive is not offered here. Please choose another one.',
    BACKUP_OAUTH_STATE_INVALID:
      'This sign-in has expired or was not started from this event page. Please press the drive’s button again.',
    BACKUP_OAUTH_DENIED:
      'The drive did not give access, so nothing was connected. Press the drive’s button again and allow access.',
    // privacy settings
    UPLOADS_NOT_OPEN:
      'Uploads to this gallery have not opened yet. Please try again when the couple opens them.',
    UPLOADS_CLOSED: 'Uploads to this gallery are closed.',
    UPLOADS_CLOSE_IN_PAST: 'Please choose a closing time in the future.',
    UPLOADS_AFTER_EXPIRY: 'Please choose times before the gallery ends.',
    REVEAL_TIME_REQUIRED: 'Please choose when everyone’s photos appear.',
    REVEAL_IN_PAST: 'Please choose a reveal time in the future.',
    REVEAL_AFTER_EXPIRY: 'Please choose a reveal time before the gallery ends.',
    REVEAL_TIME_NOT_USED: 'A reveal time is only used with “Reveal at a time”.',
    UPLOADS_CLOSE_BEFORE_OPEN: 'Please choose a closing time after the opening time.',
    DOWNLOAD_ALL_PRIVATE: 'Download All is off while the couple keeps guests’ photos private.',
    REVIEW_BATCH_TOO_LARGE: 'Please approve or hide at most {{count}} photos at once.',
    REVIEW_PHOTO_NOT_FOUND:
      'One of these photos is no longer in the gallery. Reload the queue and try again.',
    REVIEW_MESSAGE_BATCH_TOO_LARGE: 'Please approve or hide at most {{count}} messages at once.',
    REVIEW_MESSAGE_NOT_FOUND:
      'One of these messages is no longer in the guestbook. Reload the queue and try again.',
    ORIGINALS_NOT_ALLOWED: 'The couple has turned off downloading originals for guests.',
    ORIGINAL_COPY_PENDING:
      'This photo’s copy without its location is not ready. Try again in a minute, or keep locations in your downloads.',
    // gallery PIN
    PIN_FORMAT_INVALID: 'A PIN is 4 to 8 digits (0-9), nothing else.',
    PIN_REQUIRED: 'This gallery is protected by a PIN. Please enter the PIN the couple gave you.',
    PIN_WRONG: 'That PIN is not right. Please check it with the couple and try again.',
    // the demo gallery
    DEMO_READ_ONLY:
      'This is a demo gallery: you can look around, but nothing can be added or changed. Create your own gallery to add photos.',
  },
  contactValidation: {
    nameRequired: 'Your name is required',
    messageRequired: 'Please write your message',
    messageTooShort: 'Please write at least {{count}} characters',
  },
} as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<typeof en>;
export type SharedMessages = { [G in keyof typeof en]: { [K in keyof (typeof en)[G]]: string } };
