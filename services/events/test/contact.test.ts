import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RATE_LIMITS } from '@gallery/contracts';
import { caughtMail, findFreePort } from '@gallery/local-servers';
import { waitFor } from '@gallery/testing';
import { ContactMailer } from '../src/contact/contact-mailer.js';
import { startEvents, type EventsHarness } from './harness.js';

const SEND = `mutation Send($input: ContactMessageInput!) { sendContactMessage(input: $input) }`;
const TEAM = 'team@gallery.test';

describe('events service: the contact form', () => {
  let events: EventsHarness | undefined;

  async function send(replica: number, input: object, client = `client-${randomUUID()}`) {
    return events!.graphql<{ sendContactMessage: boolean }>(SEND, { input }, { client, replica });
  }
  const APP = 0;
  /** Same database, a mail server that does not answer: an SMTP outage. */
  const MAIL_DOWN = 1;

  const form = {
    name: 'Claire Martin',
    email: 'claire@example.com',
    subject: 'Rates for planners',
    message: 'We organise twelve weddings a year.\nDo you have special rates?',
    language: 'fr',
  };

  beforeAll(async () => {
    const down = {
      smtpUrl: `smtp://127.0.0.1:${await findFreePort()}`,
      from: 'Wedding Gallery <hello@gallery.test>',
    };
    events = await startEvents({
      busName: 'events-contact-test',
      mail: true,
      config: { contactTo: TEAM },
      replicas: [{}, { mail: down }],
      logger: ['error'],
    });
  });

  afterAll(() => events?.stop());

  it('stores the message and mails it to the team', async () => {
    const body = await send(APP, form);
    expect(body.errors).toBeUndefined();
    expect(body.data?.sendContactMessage).toBe(true);

    const caught = await waitFor('the contact mail', async () =>
      (await caughtMail(events!.mail!.webUrl)).find(
        (message) => message.subject === 'Contact form: Rates for planners',
      ),
    );
    expect(caught.to.map((to) => to.address)).toEqual([TEAM]);
    expect(caught.text).toContain('From: Claire Martin <claire@example.com>');
    expect(caught.text).toContain('Do you have special rates?');

    // The mail can reach the catcher a moment before the message is marked mailed: wait for the mark.
    const rows = await waitFor('the message marked mailed', async () => {
      const found: { mailed_at: Date | null }[] = await events!.db.query(
        'SELECT * FROM contact_messages WHERE email = $1',
        [form.email],
      );
      return found.some((row) => row.mailed_at !== null) ? found : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].mailed_at).not.toBeNull();
  });

  it('keeps a message sent while the mail server is down and mails it once mail works again', async () => {
    const body = await send(MAIL_DOWN, {
      ...form,
      email: 'outage@example.com',
      subject: 'During the outage',
    });
    expect(body.data?.sendContactMessage).toBe(true);
    const dataSource = events!.db;
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
    events!.app.get(ContactMailer).wake();
    await waitFor('the retried mail', async () =>
      (await caughtMail(events!.mail!.webUrl)).find(
        (message) => message.subject === 'Contact form: During the outage',
      ),
    );
  });

  it('refuses an incomplete form field by field, with the shared message keys', async () => {
    const body = await send(APP, { name: '', email: 'nope', message: 'hi' });
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
      expect((await send(APP, { ...form, email: 'limit@example.com' }, client)).errors).toBeUndefined();
    }
    const refused = await send(APP, { ...form, email: 'limit@example.com' }, client);
    expect(refused.errors?.[0].extensions.code).toBe('RATE_LIMITED');
    expect((await send(APP, { ...form, email: 'limit@example.com' })).errors).toBeUndefined();
  });
});
