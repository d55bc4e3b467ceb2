import { Logger } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, RpcException, type NatsContext } from '@nestjs/microservices';
import type { RequestContract } from '@gallery/contracts';
import { describeError } from '../logging/describe-error.js';
import { REQUEST_ID_HEADER, runWithRequestContext } from '../observability/request-context.js';
import { contextFrom, inSpan } from '../observability/trace-context.js';

/** What a responder answers a request that is not JSON or breaks its contract: it names nothing. */
export interface AnswersRequestOptions<Reply> {
  refusal: Reply;
}

type Answer<Request, Reply> = (request: Request) => Promise<Reply>;

/**
 * Makes a controller's method the answer to one service request (`RequestContracts.*`): a @MessagePattern on
 * the contract's subject, served by ServiceRequestServer in the queue group of the service's replicas. The
 * method only ever sees a request that kept its contract (anything else gets `refusal`), and its reply is
 * checked against the contract on the way out: a reply that breaks it is a bug here, not the asker's, and is not
 * sent. An answer that fails is logged and not sent, so the asker's timeout tells it this service cannot answer
 * now. The method runs in a span joined to the asker's trace and with the asker's request id on its log lines.
 */
export function AnswersRequest<Request, Reply>(
  contract: RequestContract<Request, Reply>,
  options: AnswersRequestOptions<Reply>,
) {
  return (
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Answer<Request, Reply>>,
  ): TypedPropertyDescriptor<Answer<Request, Reply>> => {
    const answer = descriptor.value!;
    const logger = new Logger(target.constructor.name);
    async function answerChecked(this: unknown, body: unknown, context?: NatsContext): Promise<Reply> {
      const header = (name: string): string | undefined => context?.getHeaders()?.get(name) || undefined;
      const request = contract.request.safeParse(body);
      const code = request.success ? (request.data as { code?: unknown }).code : undefined;
      return runWithRequestContext(
        { requestId: header(REQUEST_ID_HEADER), galleryCode: typeof code === 'string' ? code : undefined },
        () =>
          inSpan(
            `answer ${contract.subject}`,
            'server',
            contextFrom(header),
            { 'messaging.destination.name': contract.subject },
            async () => {
              try {
                const reply = request.success ? await answer.call(this, request.data) : options.refusal;
                return contract.reply.parse(reply);
              } catch (error) {
                logger.warn(`${contract.subject} not answered: ${describeError(error)}`);
                // Known to Nest's RPC exception filter, so it is not logged a second time.
                throw new RpcException('not answered');
              }
            },
          ),
      );
    }
    const checked = { ...descriptor, value: answerChecked as unknown as Answer<Request, Reply> };
    MessagePattern(contract.subject)(target, key, checked);
    // Without them Nest hands a handler the body alone; the context carries the headers.
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
    return checked;
  };
}
