import { isPlanId, type PlanId } from './plans.js';

/**
 * The domain event contracts: subjects, payloads and their validation on receipt. Every event travels as an
 * envelope { id, type, occurredAt, data }; `type` is also the NATS subject.
 */
export const Subjects = {
  EventCreated: 'event.created',
  PhotoUploaded: 'photo.uploaded',
} as const;
export type Subject = (typeof Subjects)[keyof typeof Subjects];

/** The JetStream stream holding every durable domain event. */
export const DOMAIN_STREAM = 'DOMAIN';
export const DOMAIN_STREAM_SUBJECTS = ['event.>', 'photo.>', 'plan.>', 'payment.>', 'archive.>'];

export interface EventCreatedData {
  code: string;
  name: string;
  plan: PlanId;
  createdAt: string;
  expiresAt: string;
}

/** A photo as every open gallery screen shows it: carried whole so the gateway never queries per subscriber. */
export interface LivePhoto {
  id: string;
  eventCode: string;
  thumbnailUrl: string;
  previewUrl: string;
  originalUrl: string;
  width: number;
  height: number;
  createdAt: string;
}

export interface PhotoUploadedData {
  photo: LivePhoto;
  photoCount: number;
}

export interface EventData {
  'event.created': EventCreatedData;
  'photo.uploaded': PhotoUploadedData;
}

export interface DomainEvent<S extends Subject = Subject> {
  id: string;
  type: S;
  occurredAt: string;
  data: EventData[S];
}

export class InvalidEventError extends Error {}

type Check = (value: unknown) => boolean;
const str: Check = (v) => typeof v === 'string' && v.length > 0;
const int: Check = (v) => Number.isInteger(v) && (v as number) >= 0;
const isoDate: Check = (v) => str(v) && !Number.isNaN(Date.parse(v as string));
const shape =
  (fields: Record<string, Check>): Check =>
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    Object.entries(fields).every(([k, check]) => check((v as never)[k]));

const livePhoto = shape({
  id: str,
  eventCode: str,
  thumbnailUrl: str,
  previewUrl: str,
  originalUrl: str,
  width: int,
  height: int,
  createdAt: isoDate,
});

const dataChecks: Record<Subject, Check> = {
  'event.created': shape({ code: str, name: str, plan: isPlanId, createdAt: isoDate, expiresAt: isoDate }),
  'photo.uploaded': shape({ photo: livePhoto, photoCount: int }),
};

export function isSubject(value: unknown): value is Subject {
  return typeof value === 'string' && value in dataChecks;
}

/** Parses and validates an envelope received from the bus; throws InvalidEventError when it breaks the contract. */
export function parseDomainEvent(raw: string | Uint8Array): DomainEvent {
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw));
  } catch {
    throw new InvalidEventError('event is not JSON');
  }
  const envelope = value as Partial<DomainEvent>;
  if (!str(envelope.id) || !isSubject(envelope.type) || !isoDate(envelope.occurredAt)) {
    throw new InvalidEventError('event envelope is incomplete');
  }
  if (!dataChecks[envelope.type](envelope.data)) {
    throw new InvalidEventError(`${envelope.type} data breaks its contract`);
  }
  return envelope as DomainEvent;
}
