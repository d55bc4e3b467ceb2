import {
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
  type Provider,
  type Type,
} from '@nestjs/common';
import { APP_GUARD, ModuleRef, Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { isDemoGallery, isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { AppError } from '../graphql/app-error.js';
import { isInfrastructureFailure } from '../graphql/infrastructure-failure.js';
import { describeError, errorWithStack } from '../logging/describe-error.js';
import { bearerTokenFromHeader } from '../http/bearer-token.js';
import { ACCESS_MARK, recordVerifiedOwner, type AccessMark } from './access-marks.js';
import { GuestAdmission, RemoteGuestAdmission } from './guest-admission.js';
import { OwnerAuthority } from './owner-authority.js';

/** The root types whose fields are operations: each must carry an access mark. */
const OPERATION_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/**
 * The one access check of every service (APP_GUARD): each GraphQL operation says who may call it (Public,
 * GuestOf, SignedIn, OwnerOnly) and this enforces it before the resolver runs. An operation without a mark is
 * refused (INTERNAL, logged), so a new one cannot be reached until it says who may call it. The rule for
 * owners, the same in every service: no bearer token -> UNAUTHENTICATED; a code naming no gallery ->
 * GALLERY_NOT_FOUND; any token but the gallery's owner's -> NOT_GALLERY_OWNER. A guest operation on a gallery
 * with a PIN also needs that gallery's pass (or the owner's token): PIN_REQUIRED otherwise. The demo gallery is
 * read-only: any mutation naming it, a guest's or an owner's, is refused with DEMO_READ_ONLY before anything else.
 * HTTP routes (health, photo redirects, webhooks) are not GraphQL operations and pass through.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);
  /**
   * Each request's admissions, by question: a request of several guest fields on one gallery (a confirm that
   * carries the next files' slot request) is admitted once, not once a field. Kept by the request's context, so
   * nothing outlives the request.
   */
  private readonly admissionsOf = new WeakMap<object, Map<string, Promise<boolean>>>();

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(OwnerAuthority) private readonly owners: OwnerAuthority,
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
    @Inject(GuestAdmission) private readonly admission: GuestAdmission,
  ) {}

  /**
   * A failure inside the check (the database or events not answering) is answered as a resolver's would be:
   * SERVICE_UNAVAILABLE, or INTERNAL for a fault. Nest hands a guard's non-GraphQL error back as the field's
   * value, which GraphQL would then read as a gallery without fields.
   */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return await this.check(context);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isInfrastructureFailure(error)) {
        this.logger.warn(`access check: dependency unavailable: ${describeError(error)}`);
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      this.logger.error(`access check failed: ${errorWithStack(error)}`);
      throw new AppError('INTERNAL');
    }
  }

  private async check(context: ExecutionContext): Promise<boolean> {
    if (context.getType<string>() !== 'graphql') return true;
    const graphql = GqlExecutionContext.create(context);
    const info = graphql.getInfo<GraphQLResolveInfo>();
    if (!OPERATION_TYPES.has(info.parentType.name)) return true;
    const mark = this.reflector.get<AccessMark | undefined>(ACCESS_MARK, context.getHandler());
    if (!mark) {
      this.logger.error(`${info.parentType.name}.${info.fieldName} has no access mark: refused`);
      throw new AppError('INTERNAL');
    }
    const args = graphql.getArgs<Record<string, unknown>>();
    const request = graphql.getContext<{ authorization?: string; pinPass?: string }>();
    const { authorization, pinPass } = request;
    if (info.parentType.name === 'Mutation' && 'argument' in mark) {
      this.refuseDemoWrite(this.argument(args, mark.argument, info));
    }
    switch (mark.who) {
      case 'public':
        return true;
      case 'guest':
        // A subscription's context lasts as long as its socket: its admission is asked each time.
        await this.requireGuest(
          this.argument(args, mark.argument, info),
          pinPass,
          authorization,
          info.parentType.name === 'Subscription' ? undefined : request,
        );
        return true;
      case 'signed-in':
        if (!bearerTokenFromHeader(authorization)) throw new AppError('UNAUTHENTICATED');
        return true;
      case 'owner':
        await this.requireOwner(mark, args, authorization, info);
        return true;
    }
  }

  private async requireOwner(
    mark: Extract<AccessMark, { who: 'owner' }>,
    args: Record<string, unknown>,
    authorization: string | undefined,
    info: GraphQLResolveInfo,
  ): Promise<void> {
    if (!authorization || !bearerTokenFromHeader(authorization)) throw new AppError('UNAUTHENTICATED');
    const value = this.argument(args, mark.argument, info);
    const code = mark.gallery
      ? await this.moduleRef.get(mark.gallery, { strict: false }).galleryOf(value)
      : normalizeEventCode(value);
    if (!isGalleryCode(code)) throw new AppError('GALLERY_NOT_FOUND');
    // An argument that only leads to the gallery (a photo's id) is known to be the demo's once it has led there.
    if (info.parentType.name === 'Mutation') this.refuseDemoWrite(code);
    const { gallery, owner } = await this.owners.authorize(code, authorization);
    if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
    if (!owner) throw new AppError('NOT_GALLERY_OWNER');
    recordVerifiedOwner(args, { gallery, owner });
  }

  /**
   * A code outside the alphabet names no gallery: the resolver answers it as it always has (null, or
   * GALLERY_NOT_FOUND). Any other is admitted by GuestAdmission (events' rule: no PIN, a live pass, or the
   * owner), once a request for the same question.
   */
  private async requireGuest(
    value: string,
    pass: string | undefined,
    authorization: string | undefined,
    request: object | undefined,
  ): Promise<void> {
    const code = normalizeEventCode(value);
    if (!isGalleryCode(code)) return;
    const question = {
      code,
      ...(pass ? { pass } : {}),
      ...(authorization ? { authorization: authorization.slice(0, 1000) } : {}),
    };
    const ask = () => this.admission.admits(question);
    const key = JSON.stringify([question.code, question.pass ?? '', question.authorization ?? '']);
    const admitted = request ? this.askedOnceIn(request, key, ask) : ask();
    if (!(await admitted)) throw new AppError('PIN_REQUIRED');
  }

  /** The answer to a question already asked in this request, or `ask`'s, kept for the rest of the request. */
  private askedOnceIn(request: object, key: string, ask: () => Promise<boolean>): Promise<boolean> {
    let answers = this.admissionsOf.get(request);
    if (!answers) this.admissionsOf.set(request, (answers = new Map()));
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = ask()));
    return answer;
  }

  /** The demo gallery takes no write, whoever asks (its seed comes back each day: services' DemoGallery). */
  private refuseDemoWrite(code: string): void {
    if (isDemoGallery(code)) throw new AppError('DEMO_READ_ONLY');
  }

  /** The marked argument's value; a mark naming no string argument is a bug in the mark, refused loudly. */
  private argument(args: Record<string, unknown>, name: string, info: GraphQLResolveInfo): string {
    const value = args[name];
    if (typeof value !== 'string') {
      this.logger.error(`${info.parentType.name}.${info.fieldName}'s access mark names no argument ${name}`);
      throw new AppError('INTERNAL');
    }
    return value;
  }
}

/**
 * What a service adds to its providers for the access check: AccessGuard on every operation, and how this
 * service learns who owns a gallery (`authority`: RemoteOwnerAuthority everywhere but in events) and whether a
 * guest may reach a gallery with a PIN (`admission`: RemoteGuestAdmission by default; KnownPinGuestAdmission in a
 * service that provides KnownGalleryPins; events' own in events).
 */
export function accessCheckProviders(
  authority: Type<OwnerAuthority>,
  admission: Type<GuestAdmission> = RemoteGuestAdmission,
): Provider[] {
  return [
    { provide: OwnerAuthority, useClass: authority },
    { provide: GuestAdmission, useClass: admission },
    // What KnownPinGuestAdmission falls back on.
    RemoteGuestAdmission,
    { provide: APP_GUARD, useClass: AccessGuard },
  ];
}
