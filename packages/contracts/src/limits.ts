/**
 * Every limit the product puts on what clients send, in one place: the services, the gateway and
 * docs/security.md (whose test checks it names each number) all read them from here.
 */

/**
 * Per client (its IP address as the gateway saw it), counted in PostgreSQL so replicas share the count. What a
 * guest does at a gallery is counted per guest instead (GUEST_RATE_LIMITS): a venue puts hundreds behind one address.
 */
export const RATE_LIMITS = Object.freeze({
  galleryCreations: { points: 10, durationSeconds: 60 * 60 },
  /** Checkouts started (each may open a Stripe session): plenty for a couple trying plans, not for a script. */
  checkoutStarts: { points: 20, durationSeconds: 60 * 60 },
  /** Messages from the contact page: a visitor with questions writes a few, a spammer is stopped. */
  contactMessages: { points: 5, durationSeconds: 60 * 60 },
  /** DNS checks of a gallery's custom domain (each costs two lookups): counted per gallery. */
  customDomainChecks: { points: 30, durationSeconds: 60 * 60 },
  /** Sign-in links asked for by one client, whatever the address. */
  signInLinkRequests: { points: 10, durationSeconds: 60 * 60 },
  /** Sign-in links sent to one email address (counted by address, not by client): no mailbox is flooded. */
  signInLinksPerAddress: { points: 3, durationSeconds: 15 * 60 },
  /** Sign-in link tokens tried by one client: a wrong token costs one, so guessing stays hopeless. */
  signInAttempts: { points: 20, durationSeconds: 15 * 60 },
  /**
   * Owner tokens asked about (`me`, the gateway's /api/session) that name no live session: a signed-out or
   * expired token costs one, once, before the browser forgets it; a live session costs nothing.
   */
  unknownSessionLookups: { points: 30, durationSeconds: 15 * 60 },
  /**
   * Guest identities issued to one address: a 500-guest venue gets all of its identities within its first ten
   * minutes and twice as many in the hour. Minting more buys a script nothing: every guest action also counts
   * against its address's ceiling (GUEST_RATE_LIMITS, perAddress).
   */
  guestIdentities: { points: 1000, durationSeconds: 60 * 60 },
  /** Wall links tried that open no wall: a wrong key costs one; a key has 144 random bits anyway. */
  wallKeyAttempts: { points: 20, durationSeconds: 15 * 60 },
  /**
   * Cloud-drive connections tried (each makes the backup service call the address given): counted per gallery,
   * enough for a couple fixing a typo, not for probing addresses.
   */
  backupConnects: { points: 20, durationSeconds: 60 * 60 },
  /**
   * Wrong PINs at one gallery from everyone together (counted per gallery) in a day: however many addresses and
   * identities try, a 4-digit PIN takes 50 days on average to guess and a 6-digit one 13 years (docs/security.md).
   * The try that reaches it mails the couple; a new PIN starts the count again.
   */
  pinFailuresPerGallery: { points: 100, durationSeconds: 24 * 60 * 60 },
  /** "Back up everything now" (each pages the whole gallery's photo list): per gallery. */
  backupEverything: { points: 10, durationSeconds: 60 * 60 },
  /** Stop links tried that stop nothing (a forged or mangled token): counted per client. */
  mailStopAttempts: { points: 20, durationSeconds: 15 * 60 },
  /** Table-card PDFs made (each up to 200 cards of vector QR codes): per gallery, plenty for trying layouts. */
  tableCardPrints: { points: 30, durationSeconds: 60 * 60 },
});
export type RateLimitName = keyof typeof RATE_LIMITS;

/** Attempts in a window, as rate-limiter-flexible counts them. */
export interface RateLimit {
  points: number;
  durationSeconds: number;
}

/**
 * What a guest does at a gallery, counted per guest: the signed guest identity (X-Guest-Identity) at that gallery,
 * or, for a caller without one, its address at that gallery. Guests are people, not addresses: a venue's Wi-Fi or
 * a carrier's CGNAT puts hundreds of them behind one. Each action also counts against the address, whatever the
 * gallery or identity, as a flood guard only: sized at about twice what a 500-guest venue does at its busiest
 * (the model and its figures: docs/security.md, "Guests behind one address").
 */
export const GUEST_RATE_LIMITS = Object.freeze({
  /** Each request may ask for up to MAX_FILES_PER_REQUEST slots; the web app asks one beside each confirm. */
  uploadSlotRequests: {
    perGuest: { points: 60, durationSeconds: 60 },
    perAddress: { points: 4000, durationSeconds: 60 },
  },
  /** Each request may ask for up to MAX_PARTS_PER_REQUEST part URLs: a 500 MB video needs 10 requests. */
  uploadPartRequests: {
    perGuest: { points: 120, durationSeconds: 60 },
    perAddress: { points: 4000, durationSeconds: 60 },
  },
  /** Uploads confirmed (each makes media read the object and, once, make its thumbnail and preview). */
  uploadConfirms: {
    perGuest: { points: 120, durationSeconds: 60 },
    perAddress: { points: 4000, durationSeconds: 60 },
  },
  /**
   * Lookups of codes that name no gallery: what guessing costs. A found gallery costs nothing. Counted per guest
   * and address only (the gallery is what is unknown).
   */
  unknownCodeLookups: {
    perGuest: { points: 10, durationSeconds: 15 * 60 },
    perAddress: { points: 60, durationSeconds: 15 * 60 },
  },
  /**
   * Wrong PINs at one gallery: a guest mistyping has room; an address, the whole venue mistyping, has room for
   * 60 an hour; RATE_LIMITS.pinFailuresPerGallery bounds everyone together. A right PIN costs nothing.
   */
  pinAttempts: {
    perGuest: { points: 5, durationSeconds: 15 * 60 },
    perAddress: { points: 60, durationSeconds: 60 * 60 },
  },
  /** Hearts given or taken back: a guest browsing and tapping stays far under it, a script is cut off in seconds. */
  heartToggles: {
    perGuest: { points: 60, durationSeconds: 60 },
    perAddress: { points: 6000, durationSeconds: 60 },
  },
  /** Guestbook messages left: a few wishes each, never a flood on the wall. */
  guestbookMessages: {
    perGuest: { points: 5, durationSeconds: 10 * 60 },
    perAddress: { points: 1000, durationSeconds: 10 * 60 },
  },
  /** "Find me" searches (each looks for a face in a selfie: a second of the faces service's CPU). */
  findMeSearches: {
    perGuest: { points: 10, durationSeconds: 15 * 60 },
    perAddress: { points: 600, durationSeconds: 15 * 60 },
  },
  /** Download All requests (each may start a zip build, the download service's costly work). */
  archiveRequests: {
    perGuest: { points: 30, durationSeconds: 60 * 60 },
    perAddress: { points: 1000, durationSeconds: 60 * 60 },
  },
  /** "Tell me when the photos are in": a guest fixing a typo has room, a script filling the list does not. */
  photosReadyMailRequests: {
    perGuest: { points: 5, durationSeconds: 60 * 60 },
    perAddress: { points: 1000, durationSeconds: 60 * 60 },
  },
  /** Gallery activity (views, downloads) recorded for the couple's analytics. */
  galleryActivity: {
    perGuest: { points: 300, durationSeconds: 60 * 60 },
    perAddress: { points: 10000, durationSeconds: 60 * 60 },
  },
} satisfies Record<string, { perGuest: RateLimit; perAddress: RateLimit }>);
export type GuestRateLimitName = keyof typeof GUEST_RATE_LIMITS;

/** What one purchase of event bundles may hold. */
export const BUNDLE_LIMITS = Object.freeze({
  /** Bundles in one checkout: 5 bundles of 10 cover a planner's season; more is a mistake or a script. */
  bundlesPerCheckout: 5,
});

/** What one GraphQL request or live socket may ask of the gateway. */
export const API_LIMITS = Object.freeze({
  /** Request bodies at the gateway and at every subgraph. */
  bodyBytes: 100 * 1024,
  /** A Stripe webhook's body at the gateway and at billing: Stripe events can outgrow the GraphQL limit. */
  webhookBodyBytes: 512 * 1024,
  maxAliases: 15,
  maxDepth: 12,
  maxTokens: 2000,
  maxCost: 5000,
  maxDirectives: 50,
  /** One WebSocket message (a subscribe message is well under 2 KB). */
  socketMessageBytes: 64 * 1024,
  subscriptionsPerSocket: 10,
  /**
   * Live sockets from one address at one gateway replica: a 500-guest venue behind one address, each guest's
   * phone with a gallery open and a second tab, and the wall, with room to spare (docs/security.md).
   */
  socketsPerClient: 1500,
  /** Undelivered live events per subscription; a socket that falls further behind is closed to re-read. */
  eventsQueuedPerSubscription: 100,
});

/**
 * How long the gateway waits for a subgraph's answer before it gives that subgraph's fields up as
 * SERVICE_UNAVAILABLE: a service that is down or hung costs only its own fields, never a whole page, and never a
 * 30 s wait. A mutation gets longer: it may wait on a third party (billing's Stripe client gives up at 20 s, a
 * drive is checked before it is connected), and one cut short may still be done by its service.
 */
export const SUBGRAPH_DEADLINES = Object.freeze({ queryMs: 5_000, mutationMs: 25_000 });

/**
 * The slideshow wall for the venue's screen: how long each photo stays, and how many wall links a gallery may
 * have at once (each opened screen keeps its own link; resetting the links closes them all).
 */
export const WALL_LIMITS = Object.freeze({
  /** The times the couple can choose from; anything else is refused. */
  intervalChoicesSeconds: Object.freeze([5, 8, 10, 15, 30, 60]),
  defaultIntervalSeconds: 8,
  linksPerGallery: 20,
});

/**
 * Photo challenges: the couple's list is short enough to read on a phone, and each prompt is one line on a card.
 */
export const CHALLENGE_LIMITS = Object.freeze({
  /** Prompts in one gallery's list. */
  promptsPerGallery: 30,
  /** Characters in one prompt, counted as a person counts them. */
  promptChars: 80,
});

/** Hearts: how open screens hear about new counts. */
export const HEART_LIMITS = Object.freeze({
  /**
   * Changed counts are sent at most once per gallery per this interval, all of them in one message: a burst of
   * taps costs every open screen one message a second, not one per tap.
   */
  liveBatchMs: 1000,
  /** Counts in one live message; a busier second is split into several messages. */
  countsPerMessage: 500,
});

/** The guestbook: wishes guests leave for the couple, shown in the gallery and on the wall. */
export const GUESTBOOK_LIMITS = Object.freeze({
  /** Characters in one message, counted as a person counts them. */
  messageChars: 500,
  /** Line breaks in one message: a short letter, not a column of single characters down the wall. */
  messageLines: 10,
  /** Messages on one page of the guestbook. */
  pageSize: 50,
});

/** "Find me": a guest finds the photos they are in with a selfie, on the couple's consent (services/faces). */
export const FIND_ME_LIMITS = Object.freeze({
  /**
   * A selfie's largest size: it travels base64 in the GraphQL request, under API_LIMITS.bodyBytes (100 KB). The
   * web app sends the camera's picture scaled to 640 px, a 30-60 KB JPEG: a face there is far over what is needed.
   */
  selfieBytes: 64 * 1024,
  /** At most this many photos in one search's answer (a wedding's guest is in a few dozen, a couple in hundreds). */
  resultPhotos: 500,
  /**
   * At most this many faces are recorded for one photo, the largest: a 150-person wedding group fits; a stadium's
   * crowd costs a bounded number of descriptors (about 35 ms of CPU each) and rows.
   */
  facesPerPhoto: 200,
});

/**
 * The mails that bring people back after the night: a guest's one "the photos are in" mail (the photos-ready
 * mail), and the couple's daily digest while something waits for them.
 */
export const RETURN_MAIL_LIMITS = Object.freeze({
  /** RFC 5321's longest deliverable address. */
  emailChars: 254,
  /** The longest IANA time zone name is 32 characters; a browser never sends more. */
  timeZoneChars: 64,
  /** A stop link's token: a uuid, a dot and an HMAC-SHA256 in base64url (80 characters). */
  stopTokenChars: 100,
  /** Without a reveal time, the mail goes at this hour of the guest's own morning after the wedding day. */
  morningHour: 9,
  /** The couple's digest goes once a day, from this hour (UTC) on. */
  digestHourUtc: 8,
  /**
   * Storage ending within this many days is something that waits for the couple: a Free gallery's whole week would
   * be "soon" with 7, and a daily mail for a week is nagging.
   */
  storageEndingDays: 3,
});
