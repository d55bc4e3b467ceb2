import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { API_LIMITS } from '@gallery/contracts';
import { refusedBody } from '@gallery/platform/edge';
import { subgraphFetch, type SubgraphResponse } from '../http/subgraph-fetch.js';

/**
 * POST /webhooks/stripe, passed to the billing service with the body's bytes untouched and the Stripe-Signature
 * header: billing checks the signature over exactly those bytes, so nothing here parses or re-encodes them.
 * Billing's answer goes back to Stripe as it is (400 for a bad signature, 500 to have the event sent again);
 * when billing does not answer, 502, and Stripe retries.
 */
export function forwardStripeWebhook(billingOrigin: string): (RequestHandler | ErrorRequestHandler)[] {
  const target = `${billingOrigin.replace(/\/+$/, '')}/webhooks/stripe`;
  return [
    express.raw({ type: () => true, limit: API_LIMITS.webhookBodyBytes }),
    refuseWebhookBody,
    forwardTo(target),
  ];
}

/** Sends the received bytes on to billing and billing's answer back. */
function forwardTo(target: string): RequestHandler {
  return async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature = req.headers['stripe-signature'];
    if (typeof signature === 'string') headers['stripe-signature'] = signature;
    let answer: SubgraphResponse;
    try {
      answer = await subgraphFetch(target, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      res.status(502).json({ error: 'billing is not answering' });
      return;
    }
    res
      .status(answer.status)
      .type(answer.headers.get('content-type') ?? 'application/json')
      .send(Buffer.from(await answer.arrayBuffer()));
  };
}

/** A body the raw parser refused (over the webhook limit, unreadable): answered naming the webhook's own limit. */
const refuseWebhookBody: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status > 499) {
    next(error);
    return;
  }
  const { code, message } = refusedBody(type, API_LIMITS.webhookBodyBytes, 'webhook body');
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
};
