import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import {
  DEFAULT_MAIL_LANGUAGE,
  mailLanguageSchema,
  parseContactForm,
  validateContactForm,
} from '@gallery/contracts';
import { AppError, Public, RateLimits, type GraphQLRequestContext } from '@gallery/platform';
import { ContactMailer } from './contact-mailer.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import { ContactMessageInput } from './contact-message.input.js';

@Resolver()
export class ContactResolver {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(ContactMailer) private readonly mailer: ContactMailer,
  ) {}

  @Public()
  @Mutation(() => Boolean, {
    description:
      'Stores a message for the team, then mails it; VALIDATION_FAILED errors carry extensions.fields: { field: messageKey }',
  })
  async sendContactMessage(
    @Args('input') input: ContactMessageInput,
    @Context() context: GraphQLRequestContext,
  ): Promise<boolean> {
    const errors = validateContactForm(input);
    if (Object.keys(errors).length > 0) {
      throw new AppError('VALIDATION_FAILED', { extensions: { fields: errors } });
    }
    const language = mailLanguageSchema.safeParse(input.language ?? DEFAULT_MAIL_LANGUAGE);
    if (!language.success) throw new AppError('VALIDATION_FAILED');
    await this.rateLimits.consume('contactMessages', context.client);
    const form = parseContactForm(input);
    const now = new Date();
    await this.dataSource.getRepository(ContactMessageEntity).insert({
      id: randomUUID(),
      ...form,
      language: language.data,
      createdAt: now,
      mailedAt: null,
      mailAttempts: 0,
      nextAttemptAt: now,
    });
    this.mailer.wake();
    return true;
  }
}
