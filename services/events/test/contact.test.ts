import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RATE_LIMITS } from '@gallery/contracts';
import { caughtMail, findFreePort } from '@gallery/local-servers';
import { CLIENT_ADDRESS_HEADER } from '@gallery/platform';
import {
  startTestMailCatcher,
  startTestNats,
  startTestPostgres,
  type TestMailCatcher,
  type TestNats,
  type TestPostgres,
  waitFor,
} from '@gallery/testing';
import { ContactMailer } from '../src/contact/contact-mailer.js';
import { createApp } from '../src/create-app.js';
import { EventsConfig } from '../src/config/events-config.js';

const SEND = `mutation Send($input: ContactMessageInput!) { sendContactMessage(input: $input) }`;
const TEAM = 'team@gallery.test';

interface GraphQLBody {
  data?: { sendContactMessage: boolean } | null;
  errors?: Array<{ message: string; extensions: Record<string, unknown> }>;
}

describe('events service: the contact form', () => {
  let postgres: TestPostgres | undefined;
  let nats: TestNats | undefined;
  let mail: TestMailCatcher | undefined;
  let app: INestApplication | undefined;
  let mailDown: INestApplication | undefined;
  let databaseUrl: string;

  function configFor(smtpUrl: string): EventsConfig {
    return new EventsConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl,
      natsUrl: nats!.url,
      publicUrl: 'https://gallery.test',
      mail: { smtpUrl, from: 'Wedding Gallery <hello@gallery.test>' },
      contactTo: TEAM,
    });
  }

  async function send(target: INestApplication, input: object, client = `client-${randomUUID()}`) {
    const response = await request(target.getHttpServer())
      .post('/graphql')
      .set(CLIENT_ADDRESS_HEADER, client)
      .send({ query: SEND, variables: { input } });
    return response.body as GraphQLBody;
  }

  const form = {
    name: 'Claire Martin',
    email: 'claire@example.com',
    subject: 'Rates for planners',
    message: 'We organise twelve weddings a year.\nDo you have special rates?',
    language: 'fr',
  };

  beforeAll(async () => {
    [postgres, nats, mail] = await Promise.all([
      startTestPostgres(),
      startTestNats(),
      startTestMailCatcher(),
    ]);
    databaseUrl = await postgres.createDatabase();
    app = await createApp(configFor(mail.smtpUrl), { logger: ['error'] });
    // Same database, a mail server that does not answer: an SMTP outage.
    mailDown = await createApp(configFor(`smtp://127.0.0.1:${await findFreePort()}`), { logger: ['error'] });
  });

  afterAll(async () => {
    await mailDown?.close();
    await app?.close();
    await mail?.stop();
    await nats?.stop();
    await postgres?.stop();
  });

  it('stores the message and mails it to the team', async () => {
    const body = await send(app!, form);
    expect(body.errors).toBeUndefined();
    expect(body.data?.sendContactMessage).toBe(true);

    const caught = await waitFor('the contact mail', async () =>
      (await caughtMail(mail!.webUrl)).find(
        (message) => message.subject === 'Contact form: Rates for planners',
      ),
    );
    expect(caught.to.map((to) => to.address)).toEqual([TEAM]);
    expect(caught.text).toContain('From: Claire Martin <claire@example.com>');
    expect(caught.text).toContain('Do you have special rates?');

    // The mail can reach the catcher a moment before the message is marked mailed: wait for the mark.
    const rows = await waitFor('the message marked mailed', async () => {
      const found: { mailed_at: Date | null }[] = await app!
        .get(DataSource)
        .query('SELECT * FROM contact_messages WHERE email = $1', [form.email]);
      return found.some((row) => row.mailed_at !== null) ? found : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].mailed_at).not.toBeNull();
  });

  it('keeps a message sent while the mail server is down and mails it once mail works again', async () => {
    const body = await send(mailDown!, {
      ...form,
      email: 'outage@example.com',
      subject: 'During the outage',
    });
    expect(body.data?.sendContactMessage).toBe(true);
    const dataSource = app!.get(DataSource);
    const [failed] = await waitFor('the failed attempt', async () => {
      const rows = await dataSource.query(
        'SELECT * FROM contact_messages WHERE email = $1 AND mail_attempts > 0',
        ['outage@example.com'],
      );
      return rows.length > 0 && rows;
    });
    expect(failed.mailed_at).toBeNull();

    // The retry falls due (the backoff is skipped here) and the service with a working mail server sends it.
    await dataSource.query('UPDATE contact_messages SET next_attempt_at = now() WHERE id = $1', [failed.id]);
    app!.get(ContactMailer).wake();
    await waitFor('the retried mail', async () =>
      (await caughtMail(mail!.webUrl)).find(
        (message) => message.subject === 'Contact form: During the outage',
      ),
    );
  });

  it('refuses an incomplete form field by field, with the shared message keys', async () => {
    const body = await send(app!, { name: '', email: 'nope', message: 'hi' });
    expect(body.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        name: 'contactValidation.nameRequired',
        email: 'validation.emailInvalid',
        message: 'contactValidation.messageTooShort',
      },
    });
  });

  it('lets one client send RATE_LIMITS.contactMessages messages an hour, then answers RATE_LIMITED', async () => {
    const client = `client-${randomUUID()}`;
    for (let i = 0; i < RATE_LIMITS.contactMessages.points; i++) {
      expect((await send(app!, { ...form, email: 'limit@example.com' }, client)).errors).toBeUndefined();
    }
    const refused = await send(app!, { ...form, email: 'limit@example.com' }, client);
    expect(refused.errors?.[0].extensions.code).toBe('RATE_LIMITED');
    expect((await send(app!, { ...form, email: 'limit@example.com' })).errors).toBeUndefined();
  });
});
