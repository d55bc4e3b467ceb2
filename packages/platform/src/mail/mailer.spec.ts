import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { caughtMail } from '@gallery/local-servers';
import { startTestMailCatcher, type TestMailCatcher } from '@gallery/testing';
import { Mailer } from './mailer.js';

describe('Mailer', () => {
  let catcher: TestMailCatcher | undefined;
  beforeAll(async () => {
    catcher = await startTestMailCatcher();
  });
  afterAll(async () => {
    await catcher?.stop();
  });

  it('delivers a message with its sender, subject and both bodies to the SMTP server', async () => {
    const mailer = new Mailer({ smtpUrl: catcher!.smtpUrl, from: 'Wedding Gallery <hello@gallery.test>' });
    try {
      await mailer.send({
        to: 'sarah@example.test',
        subject: 'Votre galerie est prête',
        text: 'Code: ACDE3467',
        html: '<p>Code: <strong>ACDE3467</strong></p>',
      });
    } finally {
      mailer.close();
    }
    const [message] = await caughtMail(catcher!.webUrl);
    expect(message.subject).toBe('Votre galerie est prête');
    expect(message.to).toEqual([{ address: 'sarah@example.test', name: '' }]);
    expect(message.from).toEqual([{ address: 'hello@gallery.test', name: 'Wedding Gallery' }]);
    expect(message.text?.trim()).toBe('Code: ACDE3467');
    expect(message.html).toContain('<strong>ACDE3467</strong>');
  });

  it('throws when no SMTP server answers, so a durable caller retries instead of losing the mail', async () => {
    const mailer = new Mailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'hello@gallery.test' });
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});
