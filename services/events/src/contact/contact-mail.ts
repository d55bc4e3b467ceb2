import type { MailMessage } from '@gallery/platform';
import type { ContactMessageEntity } from './contact-message.entity.js';

/** The mail the team receives for one contact message; answering it means writing to the visitor's address. */
export function contactMail(to: string, message: ContactMessageEntity): MailMessage {
  const topic = message.subject || message.message.split('\n')[0].slice(0, 60);
  return {
    to,
    subject: `Contact form: ${topic}`,
    text: [
      `From: ${message.name} <${message.email}>`,
      `Language: ${message.language}`,
      `Sent: ${message.createdAt.toISOString()}`,
      `Subject: ${message.subject || '(none)'}`,
      '',
      message.message,
    ].join('\n'),
  };
}
