import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  parseDomainEvent,
  PIN_PASS_HEADER,
  PIN_PASS_MAX_LENGTH,
  RequestContracts,
  Subjects,
  type DomainEvent,
  type GuestAdmissionReply,
  type GuestAdmissionRequest,
} from '@gallery/contracts';
import {
  AppError,
  askService,
  GUEST_IDENTITY_HEADER,
  GUEST_IDENTITY_TOKEN_MAX_LENGTH,
  MemoryGalleryPins,
  PinAdmission,
} from '@gallery/platform/edge';
import type { GatewayNats } from '../nats/gateway-nats.js';

/** Who a live subscription is for: any guest admitted to the gallery, or its couple (who also hear what guests may not). */
export type LiveAudience = 'guests' | 'couple';

/**
 * What a socket said about its browser in graphql-ws's connection params: the gallery pass, the owner's token,
 * the browser's guest identity token (not checked here: only compared, by digest, with the uploader an event
 * names, so a token that is not theirs matches nobody's).
 */
export interface LiveCredentials {
  pass?: string;
  authorization?: string;
  guestIdentity?: string;
}

/** The longest Authorization sent on: an owner's token or session is far shorter (the contract's limit). */
const AUTHORIZATION_MAX_CHARS = 1000;

/**
 * The credentials in a connection_init payload (`x-gallery-pass`, `authorization`, `x-guest-identity`, as the
 * HTTP headers are named); anything else, or a value too long to be one, is dropped. Undefined when there are none, so a socket
 * without any keeps nothing.
 */
export function liveCredentials(payload: unknown): LiveCredentials | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const {
    [PIN_PASS_HEADER]: pass,
    authorization,
    [GUEST_IDENTITY_HEADER]: guestIdentity,
  } = payload as Record<string, unknown>;
  const credentials: LiveCredentials = {};
  if (typeof pass === 'string' && pass.length > 0 && pass.length <= PIN_PASS_MAX_LENGTH)
    credentials.pass = pass;
  if (
    typeof authorization === 'string' &&
    authorization.length > 0 &&
    authorization.length <= AUTHORIZATION_MAX_CHARS
  )
    credentials.authorization = authorization;
  if (
    typeof guestIdentity === 'string' &&
    guestIdentity.length > 0 &&
    guestIdentity.length <= GUEST_IDENTITY_TOKEN_MAX_LENGTH
  )
    credentials.guestIdentity = guestIdentity;
  return credentials.pass || credentials.authorization || credentials.guestIdentity ? credentials : undefined;
}

export interface LiveAdmissionLog {
  warn(message: string): void;
}

/**
 * Who a socket was admitted to a gallery as: its couple, or a guest under the PIN version events decided with
 * (PinAdmission.admittedUnder), so the admission can be dropped when a PIN is set under a newer one.
 */
export type LiveAdmitted = { audience: 'couple' } | { audience: 'guests'; pinVersion: number };

/** Decides a live subscription's audience for a gallery, or refuses it: see LiveAdmission.audienceOf. */
export type AdmitLive = (code: string, credentials: LiveCredentials | undefined) => Promise<LiveAdmitted>;

/** What the admission hears that should end admissions already given. */
export interface AdmissionChanges {
  /** An owner signed out (`owner.session-ended`): the sockets carrying that session's token must go. */
  sessionEnded(tokenDigest: string): void;
  /**
   * A gallery's PIN is set (a first PIN, a new one, or the wall links reset) under `version`: guests admitted
   * under an older version, without it or with a pass now void, must go and enter it.
   */
  pinSet(code: string, version: number): void;
}

/**
 * The live socket's side of the gallery PIN, with the questions the access guard asks over HTTP, over the
 * gateway's own NATS connection: events decides an owner's token (`Requests.OwnerAuthorization`, asked every
 * time: a session ended on the server stops at once); a guest is admitted from the PIN states the gateway holds
 * in memory (MemoryGalleryPins, kept from `event.privacy-changed` and events' answers, all forgotten when NATS
 * comes back), so a gallery without a PIN asks events nothing and one with a PIN asks once per pass
 * (PinAdmission). Asked once per subscription at subscribe time, never per message; the same question asked while
 * it is already under way (every screen of a wedding subscribing at once) shares its answer.
 */
export class LiveAdmission {
  private readonly subscriptions: Subscription[] = [];
  private readonly asking = new Map<string, Promise<LiveAdmitted>>();
  readonly pins = new MemoryGalleryPins();
  private readonly guests: PinAdmission;

  constructor(
    private readonly nats: GatewayNats,
    private readonly log: LiveAdmissionLog = console,
    private readonly changes: AdmissionChanges = { sessionEnded: () => undefined, pinSet: () => undefined },
  ) {
    this.guests = new PinAdmission(this.pins, (request) => this.askEvents(request), log);
  }

  async start(): Promise<void> {
    const connection = await this.nats.connection();
    for (const subject of [Subjects.PrivacyChanged, Subjects.OwnerSessionEnded]) {
      this.subscriptions.push(
        connection.subscribe(subject, { callback: (_error, message) => this.receive(message.data) }),
      );
    }
    void this.forgetOnReconnect(connection);
    await connection.flush();
  }

  async stop(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
  }

  /**
   * `couple` for the gallery's owner (their token); `guests` for anyone events admits (no PIN, a live pass);
   * PIN_REQUIRED otherwise. SERVICE_UNAVAILABLE when events cannot say: a failure never lets anyone in.
   */
  audienceOf: AdmitLive = (code, credentials) => {
    const key = `${code}\n${credentials?.pass ?? ''}\n${credentials?.authorization ?? ''}`;
    let answer = this.asking.get(key);
    if (!answer) {
      answer = this.decide(code, credentials).finally(() => this.asking.delete(key));
      this.asking.set(key, answer);
    }
    return answer;
  };

  /** A PIN state or an ended session events published; a message breaking its contract is logged and skipped. */
  receive(data: Uint8Array): void {
    let event: DomainEvent;
    try {
      event = parseDomainEvent(data);
    } catch (error) {
      this.log.warn(`ignored an admission message: ${(error as Error).message}`);
      return;
    }
    if (event.type === Subjects.PrivacyChanged) {
      const { code, pin } = (event as DomainEvent<typeof Subjects.PrivacyChanged>).data;
      if (!pin) return;
      void this.pins.learn(code, pin);
      if (pin.set) this.changes.pinSet(code, pin.version);
    } else if (event.type === Subjects.OwnerSessionEnded) {
      this.changes.sessionEnded((event as DomainEvent<typeof Subjects.OwnerSessionEnded>).data.tokenDigest);
    }
  }

  private async decide(code: string, credentials: LiveCredentials | undefined): Promise<LiveAdmitted> {
    if (credentials?.authorization) {
      const { owner } = await askService(
        this.nats,
        RequestContracts.OwnerAuthorization,
        { code, authorization: credentials.authorization },
        this.log,
      );
      if (owner) return { audience: 'couple' };
    }
    const pinVersion = await this.guests.admittedUnder({
      code,
      ...(credentials?.pass ? { pass: credentials.pass } : {}),
    });
    if (pinVersion === null) throw new AppError('PIN_REQUIRED');
    return { audience: 'guests', pinVersion };
  }

  private askEvents(request: GuestAdmissionRequest): Promise<GuestAdmissionReply> {
    return askService(this.nats, RequestContracts.GuestAdmission, request, this.log);
  }

  /** Messages sent while the connection was down never arrive: what was known may be stale. */
  private async forgetOnReconnect(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'reconnect') this.pins.forgetAll();
    }
  }
}
