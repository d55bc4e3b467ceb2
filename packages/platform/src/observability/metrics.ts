import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The product's Prometheus metrics, one set per process (prom-client's default registry), served by
 * metrics-server.ts on METRICS_PORT. Each is touched only by the process that does the work: a labelled metric
 * that process never touches shows its HELP and TYPE and no sample. Names and labels are read by the alerts and
 * the dashboard in deploy/monitoring/: change them together.
 */
export const metricsRegistry = register;

collectDefaultMetrics({ register: metricsRegistry });

/** Every process: requests answered, by route (its first path segment) and status class, with their time. */
export const httpRequestSeconds = new Histogram({
  name: 'gallery_http_request_seconds',
  help: 'Requests answered, by route (first path segment: /graphql, /media...) and status class (2xx...).',
  labelNames: ['route', 'status'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
});

/** media: photos and videos confirmed and kept, by kind. */
export const uploadsTaken = new Counter({
  name: 'gallery_uploads_taken_total',
  help: 'Uploads confirmed and kept, by kind (photo, video).',
  labelNames: ['kind'] as const,
});

/** media: confirmations refused, by the error code the guest was given. */
export const uploadsRefused = new Counter({
  name: 'gallery_uploads_refused_total',
  help: 'Upload confirmations refused, by error code.',
  labelNames: ['code'] as const,
});

/** media: a confirmation from its request to the photo kept (copy, checks, thumbnail, record). */
export const photoProcessingSeconds = new Histogram({
  name: 'gallery_photo_processing_seconds',
  help: 'Time from a confirmation request to its photo kept, by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
});

/**
 * media: image work by queue (`confirmations`: photos being confirmed, at most 4 at once a pod; `images`: decodes
 * and resizes), lane (urgent, background) and state (waiting, running). What media scales on: a photo waiting here
 * is a guest waiting.
 */
export const imageQueueJobs = new Gauge({
  name: 'gallery_image_queue_jobs',
  help: 'Image work in a media queue, by queue (confirmations, images), lane and state (waiting, running).',
  labelNames: ['queue', 'lane', 'state'] as const,
});

/**
 * faces: photos waiting to be looked at for faces ("Find me"), every gallery together (the queue is in the faces
 * database, so every replica reports the same figure). What the faces service scales on.
 */
export const facesIndexBacklog = new Gauge({
  name: 'gallery_faces_index_backlog',
  help: 'Photos waiting to be looked at for faces, every gallery ("Find me").',
});

/** Durable consumers: deliveries of an event after its first (its handler failed before). */
export const consumerRedeliveries = new Counter({
  name: 'gallery_consumer_redeliveries_total',
  help: 'Events delivered again to a durable consumer after a failed attempt.',
  labelNames: ['consumer'] as const,
});

/** Durable consumers: events set aside for good, as breaking their contract. */
export const consumerParked = new Counter({
  name: 'gallery_consumer_parked_total',
  help: 'Events a durable consumer set aside for good (they break their contract).',
  labelNames: ['consumer'] as const,
});

/** Durable consumers: events handled (their effect committed). */
export const consumerHandled = new Counter({
  name: 'gallery_consumer_handled_total',
  help: 'Events a durable consumer handled, their effect committed.',
  labelNames: ['consumer'] as const,
});

/** gateway: open live sockets. */
export const liveSockets = new Gauge({
  name: 'gallery_live_sockets',
  help: 'Open live (WebSocket) connections on this gateway (0 in the services).',
});

/** gateway: results handed to open screens, by subscription field. */
export const liveDeliveries = new Counter({
  name: 'gallery_live_deliveries_total',
  help: 'Live results handed to open subscriptions, by field (photoAdded, photoRemoved...).',
  labelNames: ['field'] as const,
});

/** download: zip builds, by outcome (built, failed). */
export const zipJobs = new Counter({
  name: 'gallery_zip_jobs_total',
  help: 'Zip builds ended, by outcome (built, failed).',
  labelNames: ['outcome'] as const,
});

/** backup: copies to couples' drives, by outcome (copied, failed) and failure. */
export const backupCopies = new Counter({
  name: 'gallery_backup_copies_total',
  help: "Copies to couples' drives, by outcome (copied, failed) and failure code.",
  labelNames: ['outcome', 'failure'] as const,
});

/** media: photos from before quality measures existed, measured by its sweep, by outcome (measured, failed). */
export const qualitySweepPhotos = new Counter({
  name: 'gallery_quality_sweep_photos_total',
  help: 'Earlier photos the quality sweep measured, by outcome (measured, failed).',
  labelNames: ['outcome'] as const,
});

/** Every service counting rate limits: refusals, by the limit's name (uploadConfirms.perGuest...). */
export const rateLimitRefusals = new Counter({
  name: 'gallery_rate_limit_refusals_total',
  help: 'Requests refused as RATE_LIMITED, by limit name.',
  labelNames: ['limit'] as const,
});
