import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { errorWithStack } from '../logging/describe-error.js';

interface HttpExceptionLike {
  getStatus(): number;
  getResponse(): string | object;
}

interface JsonResponse {
  status(code: number): { json(body: unknown): void };
}

function isHttpException(error: unknown): error is HttpExceptionLike {
  const candidate = error as Partial<HttpExceptionLike> | undefined;
  return typeof candidate?.getStatus === 'function' && typeof candidate.getResponse === 'function';
}

/**
 * Every error a resolver or controller throws. In GraphQL the error is handed back as it is, for the
 * subgraph's formatError (formatGraphQLError) to answer and log: without this filter Nest logs each one with
 * all its properties, which for a failed query include its parameters (emails, phones, token hashes), and logs
 * every AppError (a guest reaching a full gallery) as an incident. Over HTTP, an HttpException gets Nest's
 * usual answer and anything else a plain 500, logged without the request's data.
 */
@Catch()
export class GraphQLErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): unknown {
    if (host.getType<string>() === 'graphql') return error;
    const response = host.switchToHttp().getResponse<JsonResponse>();
    if (isHttpException(error)) {
      const body = error.getResponse();
      const status = error.getStatus();
      response.status(status).json(typeof body === 'object' ? body : { statusCode: status, message: body });
      return undefined;
    }
    console.error(errorWithStack(error));
    response.status(500).json({ statusCode: 500, message: 'Internal server error' });
    return undefined;
  }
}
