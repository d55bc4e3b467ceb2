import { Catch } from '@nestjs/common';
import type { GqlExceptionFilter } from '@nestjs/graphql';
import { AppError } from '@gallery/platform';

/**
 * AppErrors are answers for the caller (invalid form, unknown gallery), not faults: hand them to GraphQL as they
 * are. Without this filter Nest logs each one as an ERROR with its stack.
 */
@Catch(AppError)
export class AppErrorFilter implements GqlExceptionFilter {
  catch(error: AppError): AppError {
    return error;
  }
}
