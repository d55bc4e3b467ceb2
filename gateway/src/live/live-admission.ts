import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PIN_PASS_HEADER, PIN_PASS_MAX_LENGTH, RequestContracts } from '@gallery/contracts';
import {
  AppError,
  askService,
  GUEST_IDENTITY_HEADER,
  GUEST_IDENTITY_TOKEN_MAX_LENGTH,
} from '@gallery/platform/edge';

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

/** Decides a live subscription's audience for a gallery, or refuses it: see LiveAdmission.audienceOf. */
export type AdmitLive = (code: string, credentials: LiveCredentials | undefined) => Promise<LiveAudience>;

/**
 * The live socket's side of the gallery PIN, with the questions the access guard asks over HTTP: events decides
 * (`Requests.OwnerAuthorization` for a socket carrying a token, `Requests.GuestAdmission` otherwise), over the
 * gateway's own NATS connection. Asked once per subscription at subscribe time, never per message; the same
 * question asked while it is already under way (every screen of a wedding subscribing at once) shares its answer.
 */
export class LiveAdmission {
  private connection: NatsConnection | undefined;
  private readonly asking = new Map<string, Promise<LiveAudience>>();

  constructor(
    private readonly natsUrl: string,
    private readonly log: LiveAdmissionLog = console,
  ) {}

  async start(): Promise<void> {
    this.connection = await connect({
      servers: this.natsUrl,
      name: 'gateway-admission',
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
    });
  }

  async stop(): Promise<void> {
    if (this.connection && !this.connection.isClosed()) await this.connection.drain();
  }

  /**
   * `couple` for the gallery's owner (their token); `guests` for anyone events admits (no PIN, a live pass);
   * PIN_REQUIRED otherwise. SERVICE_UNAVAILABLE when events cannot say: a failure never lets anyone in.
   */
  audienceOf: AdmitLive = (code, credentials) => {
    const key = `${code}\n${credentials?.pass ?? ''}\n${credentials?.authorization ?? ''}`;
    let answer = this.asking.get(key);
    if (!answer) {
      answer = this.ask(code, credentials).finally(() => this.asking.delete(key));
      this.asking.set(key, answer);
    }
    return answer;
  };

  private async ask(code: string, credentials: LiveCredentials | undefined): Promise<LiveAudience> {
    const connection = this.connection;
    if (!connection || connection.isClosed()) throw new AppError('SERVICE_UNAVAILABLE');
    const bus = { nc: connection };
    if (credentials?.authorization) {
      const { owner } = await askService(
        bus,
        RequestContracts.OwnerAuthorization,
        { code, authorization: credentials.authorization },
        this.log,
      );
      if (owner) return 'couple';
    }
    const { admitted } = await askService(
      bus,
      RequestContracts.GuestAdmission,
      { code, ...(credentials?.pass ? { pass: credentials.pass } : {}) },
      this.log,
    );
    if (!admitted) throw new AppError('PIN_REQUIRED');
    return 'guests';
  }
}
