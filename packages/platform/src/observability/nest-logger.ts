import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';
import { logger as processLogger } from './logger.js';

/**
 * Nest's log calls as the process's JSON lines: `new Logger('Consumer').warn(...)` becomes a line with
 * `context: "Consumer"` and the request's ids. Nest passes the context last, and for errors the stack before it.
 */
export class JsonNestLogger implements LoggerService {
  constructor(private readonly target: Logger = processLogger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    // One string after the message is a stack when it has several lines (Nest's own rule), else the context.
    const alone = rest.length === 1 && typeof rest[0] === 'string';
    const stack = alone
      ? (rest[0] as string).includes('\n') && rest[0]
      : rest.length > 1
        ? rest[0]
        : undefined;
    const context = alone ? !stack && rest[0] : rest.length > 1 ? rest.at(-1) : undefined;
    this.target.error(
      {
        ...(typeof context === 'string' && { context }),
        ...(typeof stack === 'string' && { stack }),
        ...(message instanceof Error && { err: message }),
      },
      message instanceof Error ? message.message : String(message),
    );
  }

  private write(
    level: 'info' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    rest: unknown[],
  ): void {
    const context = rest.at(-1);
    this.target[level](
      typeof context === 'string' ? { context } : {},
      typeof message === 'string' ? message : JSON.stringify(message),
    );
  }
}
