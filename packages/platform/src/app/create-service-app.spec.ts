import type { Server } from 'node:http';
import { Module } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { SUBGRAPH_KEEP_ALIVE } from '../http/subgraph-keep-alive.js';
import { createServiceApp } from './create-service-app.js';

@Module({})
class EmptyModule {}

describe('createServiceApp', () => {
  it("keeps the gateway's idle connections longer than the gateway does, so the gateway always closes first", async () => {
    const app = await createServiceApp({ module: EmptyModule }, { logger: false });
    try {
      const server = app.getHttpServer() as Server;
      expect(server.keepAliveTimeout).toBe(SUBGRAPH_KEEP_ALIVE.subgraphIdleMs);
      expect(server.keepAliveTimeout).toBeGreaterThan(SUBGRAPH_KEEP_ALIVE.gatewayIdleMs);
    } finally {
      await app.close();
    }
  });
});
