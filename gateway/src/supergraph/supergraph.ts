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
  pollIntervalMs: number;
  retry: { initialMs: number; maxMs: number };
  production: boolean;
  logger: Logger;
}

/**
 * Queries and mutations: @apollo/gateway composing the subgraphs, served by Apollo Server on POST /graphql.
 * Composition happens in the background; until it succeeds, `handler` answers SERVICE_UNAVAILABLE.
 */
export class Supergraph {
  private readonly composition: SubgraphComposition;
  private readonly server: ApolloServer<GatewayContext>;
  private starting: Promise<void> | undefined;
  private middleware: RequestHandler | undefined;
  private stopped = false;

  constructor(options: SupergraphOptions) {
    const { logger } = options;
    this.composition = new SubgraphComposition({
      subgraphs: options.subgraphs,
      pollIntervalMs: options.pollIntervalMs,
      logger,
      retry: {
        initialMs: options.retry.initialMs,
        maxMs: options.retry.maxMs,
        onRetry: (_error, delayMs) => logger.info(`supergraph not composed yet, retrying in ${delayMs} ms`),
      },
    });
    // Apollo Gateway reports host and usage metrics to Apollo unless this is set when it is made: nothing about
    // the product's machines or its galleries' traffic leaves it.
    process.env.APOLLO_TELEMETRY_DISABLED = 'true';
    const gateway = new ApolloGateway({
      supergraphSdl: this.composition,
      buildService: ({ url }) => new CallerForwardingDataSource({ url }),
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
    this.composition.stop();
    await this.starting?.catch(() => undefined);
    // Only a server that finished starting before the stop is still running.
    if (this.middleware) await this.server.stop();
  }
}
