import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { DEFAULT_MAIL_LANGUAGE, mailLanguageSchema, ORDER_FIELD_MAX_LENGTH } from '@gallery/contracts';
import { AppError, Public, type GraphQLRequestContext } from '@gallery/platform';
import { BearerToken } from './bearer-token.decorator.js';
import { OwnerModel, OwnerSessionModel } from './owner-session.model.js';
import { OwnerSessions } from './owner-sessions.js';

@Resolver()
export class OwnerSessionResolver {
  constructor(@Inject(OwnerSessions) private readonly sessions: OwnerSessions) {}

  @Public()
  @Query(() => OwnerModel, {
    nullable: true,
    description:
      'The signed-in owner (session token), or null; RATE_LIMITED per client after too many tokens naming no session',
  })
  async me(
    @BearerToken() token: string | null,
    @Context() context: GraphQLRequestContext,
  ): Promise<OwnerModel | null> {
    const email = await this.sessions.ownerOf(token, context.client);
    return email ? { email } : null;
  }

  @Public()
  @Mutation(() => Boolean, {
    description:
      'Mails a one-time sign-in link when the address has ordered a gallery. Always true (the same answer for any ' +
      'address); RATE_LIMITED per client and per address',
  })
  async requestSignInLink(
    @Args('email') email: string,
    @Args('language', { nullable: true, type: () => String }) language: string | null,
    @Context() context: GraphQLRequestContext,
  ): Promise<boolean> {
    if (email.length > ORDER_FIELD_MAX_LENGTH.email) {
      throw new AppError('VALIDATION_FAILED', {
        extensions: { fields: { email: 'validation.emailInvalid' } },
      });
    }
    const mailLanguage = mailLanguageSchema.catch(DEFAULT_MAIL_LANGUAGE).parse(language ?? undefined);
    await this.sessions.requestLink(email, mailLanguage, context.client);
    return true;
  }

  @Public()
  @Mutation(() => OwnerSessionModel, {
    description:
      "Trades a sign-in link's token for a session; SIGN_IN_LINK_INVALID when wrong, used or expired",
  })
  signIn(
    @Args('token') token: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<OwnerSessionModel> {
    if (token.length > 100) throw new AppError('SIGN_IN_LINK_INVALID');
    return this.sessions.signIn(token, context.client);
  }

  @Public()
  @Mutation(() => Boolean, { description: "Ends the request's session on the server" })
  async signOut(@BearerToken() token: string | null): Promise<boolean> {
    await this.sessions.end(token);
    return true;
  }
}
