// A mail catcher (maildev: SMTP server plus web inbox) in its own process, started by startMailCatcher() in
// ../src/mail-catcher.ts. Its own process because maildev's web stack cannot load inside Jest's module sandbox.
// Configuration comes as JSON in MAILDEV_PROCESS_OPTIONS; readiness is reported over the IPC channel.
import { MailDev } from 'maildev';

const { smtpPort, webPort, mailDirectory } = JSON.parse(process.env.MAILDEV_PROCESS_OPTIONS);

const catcher = new MailDev({
  smtp: smtpPort,
  ip: '127.0.0.1',
  web: webPort,
  webIp: '127.0.0.1',
  mailDirectory,
  silent: true,
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await catcher.stop().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// Our parent went away without stopping us.
process.on('disconnect', shutdown);

await catcher.start();
process.send?.({ ready: true });
