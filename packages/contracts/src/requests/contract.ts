import type { z } from '../validation/zod.js';

/** One request/reply between services: its subject and the zod schemas of what is sent and what comes back. */
export interface RequestContract<Request, Reply> {
  subject: string;
  request: z.ZodType<Request>;
  reply: z.ZodType<Reply>;
  /** How long an asker waits for the answer, when not the usual SERVICE_REQUEST_TIMEOUT_MS (@gallery/platform). */
  timeoutMs?: number;
}

export function contract<Request, Reply>(
  subject: string,
  request: z.ZodType<Request>,
  reply: z.ZodType<Reply>,
  timeoutMs?: number,
): RequestContract<Request, Reply> {
  return { subject, request, reply, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
}
