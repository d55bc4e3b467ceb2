import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { API_LIMITS } from '@gallery/contracts';
import { forwardStripeWebhook } from './stripe-webhook-forwarder.js';

describe('forwardStripeWebhook', () => {
  let billing: Server;
  let received: { path?: string; signature?: string; body?: Buffer; contentType?: string } = {};
  let origin: string;

  beforeAll(async () => {
    billing = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received = {
          path: req.url,
          signature: req.headers['stripe-signature'] as string | undefined,
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks),
        };
        res.statusCode = received.signature === 't=1,v1=good' ? 200 : 400;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ received: res.statusCode === 200 }));
      });
    });
    await new Promise<void>((resolve) => billing.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(billing.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => billing.close(resolve));
  });

  const app = () => express().post('/webhooks/stripe', ...forwardStripeWebhook(origin));

  it('passes the body byte for byte with its signature, and billing answer back', async () => {
    // Spacing and key order a JSON re-encoding would change, so a signature over it would fail.
    const payload = '{"id":"evt_1",  "object":"event","data":{"object":{"b":1,"a":"é"}}}';
    const response = await request(app())
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Stripe-Signature', 't=1,v1=good')
      .send(payload);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true });
    expect(received.path).toBe('/webhooks/stripe');
    expect(received.signature).toBe('t=1,v1=good');
    expect(received.body!.toString('utf8')).toBe(payload);
  });

  it("returns billing's refusal of a bad signature", async () => {
    const response = await request(app())
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=bad')
      .send('{}');
    expect(response.status).toBe(400);
  });

  it('refuses a body over the webhook limit before billing sees it', async () => {
    received = {};
    const response = await request(app())
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(`"${'x'.repeat(API_LIMITS.webhookBodyBytes + 1)}"`);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      errors: [
        {
          message: `The webhook body is larger than ${API_LIMITS.webhookBodyBytes / 1024} KB.`,
          extensions: { code: 'PAYLOAD_TOO_LARGE' },
        },
      ],
    });
    expect(received.path).toBeUndefined();
  });

  it('answers 502 when billing does not answer, so Stripe retries', async () => {
    const response = await request(
      express().post('/webhooks/stripe', ...forwardStripeWebhook('http://127.0.0.1:1')),
    )
      .post('/webhooks/stripe')
      .send('{}');
    expect(response.status).toBe(502);
  });
});
