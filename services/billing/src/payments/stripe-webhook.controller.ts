import { Controller, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { RequestWithRawBody } from '@gallery/platform';
import {
  InvalidWebhookSignatureError,
  MalformedWebhookEventError,
  PaymentsService,
} from './payments.service.js';

/** Where Stripe delivers events; its body limit is API_LIMITS.webhookBodyBytes, not the GraphQL one. */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

interface JsonResponse {
  status(code: number): { json(body: unknown): void };
}

/**
 * POST /webhooks/stripe, forwarded by the gateway with the body exactly as Stripe sent it: the signature is
 * checked against those bytes. A bad or missing signature, or a signed event without the shape billing reads, gets
 * 400 and changes nothing (delivering it again would fail alike); a failure while handling gets 500, so Stripe
 * delivers the event again.
 */
@Controller('webhooks')
export class StripeWebhookController {
  constructor(@Inject(PaymentsService) private readonly payments: PaymentsService) {}

  @Post('stripe')
  @HttpCode(200)
  async stripe(
    @Req() request: RequestWithRawBody,
    @Headers('stripe-signature') signature: string | undefined,
    @Res({ passthrough: true }) response: JsonResponse,
  ): Promise<{ received: boolean } | undefined> {
    try {
      await this.payments.handleWebhook(request.rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidWebhookSignatureError) {
        response.status(400).json({ error: 'invalid signature' });
        return undefined;
      }
      if (error instanceof MalformedWebhookEventError) {
        response.status(400).json({ error: 'malformed event', detail: error.message });
        return undefined;
      }
      throw error;
    }
    return { received: true };
  }
}
