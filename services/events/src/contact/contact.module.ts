import { Module } from '@nestjs/common';
import { ContactMailer } from './contact-mailer.js';
import { ContactResolver } from './contact.resolver.js';

/** The contact page's messages: kept, and mailed to the product's contact address. */
@Module({
  providers: [ContactMailer, ContactResolver],
})
export class ContactModule {}
