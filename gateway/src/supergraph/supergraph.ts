import { noteGalleryCode } from '@gallery/platform/observability';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { Logger } from '@apollo/utils.logger';
import express, { type RequestHandler } from 'express';
import type { FormattedExecutionResult } from 'graphql';
import { API_LIMITS } from '@gallery/contracts';
import { apolloDocumentLimits } from '../limits/document-limits.js';
import { CallerForwardingDataSource } from './caller-forwarding-data-source.js';
import { formatGatewayError } from './format-gateway-error.js';
import { gatewayContext, type GatewayContext } from './gateway-context.js';
import { SubgraphComposition } from './subgraph-composition.js';
import { SERVICE_UNAVAILABLE } from './service-unavailable.js';

/** The answer to a request that comes before the first composition. */
const NOT_COMPOSED_YET = {
  errors: [{ message: SERVICE_UNAVAILABLE.message, extensions: { code: SERVICE_UNAVAILABLE.code } }],
};

export interface SupergraphOptions {
  subgraphs: { name: string; url: string }[];
  /**
   * A supergraph composed beforehand (the one shipped with the build): served at once, whatever subgraph is
   * down, each subgraph called at its URL in `subgraphs`. Without it the subgraphs are asked for their SDL.
   */
  supergraphSdl?: string;
  pollIntervalMs: number;
  retry: { initialMs: number; maxMs: number };
  production: boolean;
  logger: Logger;
}

/**
 * Queries and mutations: @apollo/gateway over the supergraph, served by Apollo Server on POST /graphql. Either the
 * supergraph given (shipped with the build), or composed in the background from the running subgraphs; until
 * it is there, `handler` answers SERVICE_UNAVAILABLE.
 */
export class Supergraph {
  private readonly composition: SubgraphComposition | undefined;
  private readonly server: ApolloServer<GatewayContext>;
  private starting: Promise<void> | undefined;
  private middleware: RequestHandler | undefined;
  private stopped = false;

  constructor(options: SupergraphOptions) {
    const { logger } = options;
    this.composition =
      options.supergraphSdl === undefined
        ? new SubgraphComposition({
            subgraphs: options.subgraphs,
            pollIntervalMs: options.pollIntervalMs,
            logger,
            retry: {
              initialMs: options.retry.initialMs,
              maxMs: options.retry.maxMs,
              onRetry: (_error, delayMs) =>
                logger.info(`supergraph not composed yet, retrying in ${delayMs} ms`),
            },
          })
        : undefined;
    const configuredUrls = new Map(options.subgraphs.map(({ name, url }) => [name, url]));
    // Apollo Gateway reports host and usage metrics to Apollo unless this is set when it is made: nothing about
    // the product's machines or its galleries' traffic leaves it.
    process.env.APOLLO_TELEMETRY_DISABLED = 'true';
    const gateway = new ApolloGateway({
      supergraphSdl: options.supergraphSdl ?? this.composition,
      // A shipped supergraph names no real address: each subgraph is called where this gateway is told it is.
      buildService: ({ name, url }) =>
        new CallerForwardingDataSource({ url: configuredUrls.get(name) ?? url }),
      logger,
    });
    const limits = apolloDocumentLimits<GatewayContext>();
    this.server = new ApolloServer<GatewayContext>({
      gateway,
      logger,
      formatError: (formatted, error) => formatGatewayError(formatted, error, (e) => logger.error(String(e))),
      includeStacktraceInErrorResponses: false,
      allowBatchedHttpRequests: false,
      // The web app's Apollo Client never introspects: in production nobody needs the schema handed out.
      introspection: !options.production,
      validationRules: limits.validationRules,
      parseOptions: limits.parseOptions,
      // main.ts owns the signals and stops everything in order.
      stopOnTerminationSignals: false,
      plugins: [...limits.plugins, ...(options.production ? [ApolloServerPluginLandingPageDisabled()] : [])],
    });
  }

  get composed(): boolean {
    return this.middleware !== undefined;
  }

  /** Starts composing in the background; resolves with the first successful composition. */
  start(): Promise<void> {
    this.starting ??= this.server.start().then(
      async () => {
        if (this.stopped) return this.server.stop();
        this.middleware = expressMiddleware(this.server, {
          context: async ({ req }) => gatewayContext(req),
        });
      },
      (error: unknown) => {
        // Stopping while a subgraph was still missing ends the retries: not a failure.
        if (!this.stopped) throw error;
      },
    );
    return this.starting;
  }

  /**
   * Runs one operation through the supergraph, as a /graphql request with `context` would (the same limits,
   * subgraph calls and error formatting); SERVICE_UNAVAILABLE until the first composition.
   */
  async execute(query: string, context: GatewayContext): Promise<FormattedExecutionResult> {
    if (!this.middleware) {
      return NOT_COMPOSED_YET;
    }
    const response = await this.server.executeOperation({ query }, { contextValue: context });
    if (response.body.kind !== 'single')
      throw new Error('the supergraph answered a plain query incrementally');
    return response.body.singleResult;
  }

  /** POST (and GET) /graphql. */
  readonly handler: RequestHandler[] = [
    express.json({ limit: API_LIMITS.bodyBytes }),
    noteGalleryCode(),
    (req, res, next) => {
      if (!this.middleware) {
        res.status(503).set('Retry-After', '2').json(NOT_COMPOSED_YET);
        return;
      }
      // express.json() leaves no body on a GET; Apollo Server expects one to be there.
      req.body ??= {};
      return this.middleware(req, res, next);
    },
  ];

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.composition?.stop();
    await this.starting?.catch(() => undefined);
    // Only a server that finished starting before the stop is still running.
    if (this.middleware) await this.server.stop();
  }
}
