import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@apollo/utils.logger';
import express from 'express';
import {
  logger as processLogger,
  requestLogging,
  startMetricsServer,
  type MetricsServer,
} from '@gallery/platform/observability';
import type { GatewayConfig } from './config/gateway-config.js';
import { forwardBackupOAuthCallback } from './backup/oauth-callback-forwarder.js';
import { forwardStripeWebhook } from './billing/stripe-webhook-forwarder.js';
import { operatorReportHandler, readinessHandler, subgraphHealth } from './health/gateway-health.js';
import { clientAddressResolver } from './http/client-address.js';
import { devOriginsCors, socketOriginAllowed } from './http/dev-origins.js';
import { jsonErrors, jsonNotFound } from './http/json-errors.js';
import { securityHeaders } from './http/security-headers.js';
import { HostNotServed, ServedHosts, servedHostsOnly } from './http/served-hosts.js';
import { SESSION_QUERY, sessionEndpoint } from './session/session-endpoint.js';
import { NatsArchiveProgressFeed } from './live/archive-progress.js';
import { CurrentEventStates } from './live/current-event-states.js';
import { LiveAdmission } from './live/live-admission.js';
import { LiveFanout } from './live/live-fanout.js';
import { NatsLiveFeed } from './live/nats-live-feed.js';
import { GatewayNats } from './nats/gateway-nats.js';
import { serveLiveSubscriptions } from './live/live-subscriptions-server.js';
import { forwardMedia } from './media/media-forwarder.js';
import { forwardOneClickStop } from './mail/one-click-stop-forwarder.js';
import { certificateAsk } from './custom-domains/certificate-ask.js';
import { CustomDomainHosts } from './custom-domains/custom-domain-hosts.js';
import { customDomainSite } from './custom-domains/custom-domain-site.js';
import { Supergraph } from './supergraph/supergraph.js';
import { serveWebApp } from './web/static-web.js';

export interface RunningGateway {
  url: string;
  port: number;
  /** The in-process fan-out, for the bench and tests to observe. */
  fanout: LiveFanout;
  close(): Promise<void>;
}

/** How long open HTTP keep-alive connections get to finish on close before they are cut. */
const CLOSE_GRACE_MS = 5000;

/**
 * Starts the gateway: one HTTP server answering /health/live, /health/ready, /health (to this machine only),
 * /graphql (HTTP for queries and mutations, WebSocket for subscriptions), /api/session (who the bearer token
 * belongs to), /media/* and the web app. Resolves once it listens and its NATS subscription is live; the
 * supergraph is the one given, or composes in the background as the subgraphs come up.
 */
export async function startGateway(config: GatewayConfig, logger: Logger = console): Promise<RunningGateway> {
  const mediaUrl = config.mediaUrl.replace(/\/+$/, '');
  const nats = new GatewayNats(config.natsUrl);
  const customDomains = new CustomDomainHosts(
    nats,
    config.publicUrl ? [new URL(config.publicUrl).hostname] : [],
  );
  // The gallery PIN and the owner's token on the live socket: events is asked only when it must, and an owner's
  // sign-out closes the sockets that carried their session.
  const admission = new LiveAdmission(nats, logger, {
    sessionEnded: (tokenDigest) => {
      const closed = subscriptions.endSession(tokenDigest);
      if (closed > 0) logger.info(`closed ${closed} live socket(s) of an ended session`);
    },
    pinSet: (code, version) => subscriptions.dropGuestsBefore(code, version),
  });
  // Each eventUpdated subscription starts with the gallery as events has it once the subscription listens.
  const eventStates = CurrentEventStates.askingOver(nats, logger);
  const fanout = new LiveFanout(undefined, (code) => eventStates.stateOf(code));
  const archiveFeed = new NatsArchiveProgressFeed(nats, fanout, logger);
  // Screens that stayed connected while this gateway's NATS link was down reconnect and re-read the gallery.
  const feed = new NatsLiveFeed(nats, fanout, logger, () => subscriptions.restartClients());
  const supergraph = new Supergraph({
    subgraphs: [
      { name: 'events', url: config.eventsUrl },
      { name: 'media', url: `${mediaUrl}/graphql` },
      ...(config.billingUrl ? [{ name: 'billing', url: config.billingUrl }] : []),
      ...(config.downloadUrl ? [{ name: 'download', url: config.downloadUrl }] : []),
      ...(config.backupUrl ? [{ name: 'backup', url: config.backupUrl }] : []),
      ...(config.facesUrl ? [{ name: 'faces', url: config.facesUrl }] : []),
    ],
    supergraphSdl: config.supergraphSdl,
    pollIntervalMs: config.pollIntervalMs ?? 10_000,
    retry: {
      initialMs: config.compositionRetryMs?.initial ?? 500,
      maxMs: config.compositionRetryMs?.max ?? 10_000,
    },
    production: config.production ?? false,
    logger,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ?? false);
  // First: every request gets its id (the edge's x-request-id, or a new one), passed on to the subgraphs.
  app.use(requestLogging(config.logRequests ? processLogger : processLogger.child({}, { level: 'silent' })));
  // The product's host, the machine's own names and the couples' verified domains; any other Host gets 421.
  const servedHosts = new ServedHosts(config.publicUrl, customDomains);
  app.use(servedHostsOnly(servedHosts));
  app.use(securityHeaders(config));
  app.use(devOriginsCors(config.webDevOrigins ?? []));
  // A couple's domain shows their gallery only; every other host goes on to the product below.
  app.use(
    customDomainSite({
      hosts: customDomains,
      webDist: config.webDist,
      graphql: supergraph.handler,
      media: (gallery) => forwardMedia(mediaUrl, gallery),
    }),
  );
  // Liveness only: the process answers. A NATS outage shows on /health/ready, not here, so it never restarts
  // every gateway at once.
  app.get('/health/live', (_request, response) => {
    response.json({ status: 'ok' });
  });
  // Readiness: what this gateway needs to serve. A subgraph that is down costs only its own fields (its calls
  // are cut at SUBGRAPH_DEADLINES), so it never takes gateways out of the load balancer.
  const ownChecks = {
    nats: () => feed.check(),
    supergraph: async () => {
      if (!supergraph.composed) throw new Error('not composed yet');
    },
  };
  app.get('/health/ready', readinessHandler(ownChecks));
  app.get(
    '/health',
    operatorReportHandler(
      {
        ...ownChecks,
        events: subgraphHealth(`${new URL(config.eventsUrl).origin}/health`),
        media: subgraphHealth(`${mediaUrl}/health`),
        ...(config.billingUrl && { billing: subgraphHealth(`${new URL(config.billingUrl).origin}/health`) }),
        ...(config.downloadUrl
          ? { download: subgraphHealth(`${new URL(config.downloadUrl).origin}/health`) }
          : {}),
        ...(config.backupUrl ? { backup: subgraphHealth(`${new URL(config.backupUrl).origin}/health`) } : {}),
        ...(config.facesUrl ? { faces: subgraphHealth(`${new URL(config.facesUrl).origin}/health`) } : {}),
      },
      jsonNotFound,
    ),
  );
  app.get('/api/custom-domains/allowed', certificateAsk(customDomains));
  if (config.billingUrl)
    app.post('/webhooks/stripe', ...forwardStripeWebhook(new URL(config.billingUrl).origin));
  if (config.backupUrl) {
    app.get('/backup/oauth/:drive/callback', forwardBackupOAuthCallback(new URL(config.backupUrl).origin));
  }
  const oneClickStop = forwardOneClickStop(new URL(config.eventsUrl).origin);
  app.get('/unsubscribe/:token', oneClickStop);
  app.post('/unsubscribe/:token', oneClickStop);
  app.use('/graphql', ...supergraph.handler);
  app.get(
    '/api/session',
    sessionEndpoint((context) => supergraph.execute(SESSION_QUERY, context)),
  );
  app.use('/media', forwardMedia(mediaUrl));
  app.use(serveWebApp(config.webDist));
  app.use(jsonNotFound);
  app.use(jsonErrors((error) => logger.error(`request failed: ${describe(error)}`)));

  const server = createServer(app);
  const subscriptions = serveLiveSubscriptions(server, fanout, {
    production: config.production,
    clientAddressOf: clientAddressResolver(app),
    originAllowed: socketOriginAllowed({
      devOrigins: config.webDevOrigins ?? [],
      publicUrl: config.publicUrl,
    }),
    galleryOf: async (request) => {
      const served = await servedHosts.resolve(request.headers.host);
      if (!served) throw new HostNotServed();
      return served.gallery;
    },
    admit: admission.audienceOf,
  });
  await listen(server, config.port, config.host);
  let metrics: MetricsServer | undefined;
  try {
    if (config.metricsPort !== undefined) metrics = await startMetricsServer(config.metricsPort, config.host);
  } catch (error) {
    await closeServer(server);
    throw error;
  }

  supergraph.start().catch((error) => logger.error(`supergraph: ${(error as Error).message}`));
  try {
    await feed.start();
    await archiveFeed.start();
    await customDomains.start();
    await admission.start();
  } catch (error) {
    await closeAll();
    throw error;
  }

  async function closeAll(): Promise<void> {
    await subscriptions.dispose();
    await feed.stop();
    await archiveFeed.stop();
    await customDomains.stop();
    await admission.stop();
    await nats.close();
    await supergraph.stop();
    await closeServer(server);
    await metrics?.close();
  }

  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${config.host ?? 'localhost'}:${port}`,
    port,
    fanout,
    close: () => (closing ??= closeAll()),
  };
}

/** An error for the log: its stack (our code's paths, never the request's headers or body). */
function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function listen(server: Server, port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
