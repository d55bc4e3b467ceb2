import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, waitUntilReady, type LogLine, type OnUnexpectedExit } from './processes.js';

export interface StartMailCatcherOptions {
  /** Where caught messages are kept (created if absent). */
  dataDir: string;
  smtpPort: number;
  /** The web inbox and its JSON API (`GET /api/email`). */
  webPort: number;
  log?: LogLine;
  onUnexpectedExit?: OnUnexpectedExit;
}

export interface LocalMailCatcher {
  /** What services send to: SMTP_URL. */
  readonly smtpUrl: string;
  /** The inbox a person reads in a browser. */
  readonly webUrl: string;
  /** Where each message is kept as it came (`{id}.eml`): its header fields as sent (mailHeaders). */
  readonly mailDirectory: string;
  stop(): Promise<void>;
}

/** A message as the catcher's API lists it (the fields tests and people read). */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  text?: string;
  html?: string;
}

// Resolved from this file so it works both from src/ (Jest) and dist/ (node).
const ENTRY = fileURLToPath(new URL('../bin/maildev-process.mjs', import.meta.url));

/**
 * A local SMTP server that keeps every message instead of delivering it (maildev), with a web inbox: what
 * `npm start` and the tests send mail to when no SMTP_URL is configured, so nobody is mailed by accident.
 */
export async function startMailCatcher(options: StartMailCatcherOptions): Promise<LocalMailCatcher> {
  const { smtpPort, webPort } = options;
  const mailDirectory = path.resolve(options.dataDir);
  await mkdir(mailDirectory, { recursive: true });
  // Only what maildev needs: NODE_OPTIONS from a Jest run would otherwise leak into it.
  const env = {
    PATH: process.env.PATH,
    MAILDEV_PROCESS_OPTIONS: JSON.stringify({ smtpPort, webPort, mailDirectory }),
  };
  // The IPC channel also tells the child when we are gone: it exits on 'disconnect'.
  const server = startProcess(process.execPath, [ENTRY], {
    env,
    log: options.log,
    ipc: true,
    onUnexpectedExit: options.onUnexpectedExit,
  });
  let ready = false;
  server.child.on('message', (message: { ready?: boolean }) => {
    if (message?.ready) ready = true;
  });
  await waitUntilReady(`mail catcher on port ${smtpPort}`, server, async () => ready, 30_000);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    mailDirectory,
    async stop() {
      await server.stop('SIGTERM', 10_000);
    },
  };
}

/** Every message the catcher at `webUrl` holds, oldest first, with its text and HTML bodies. */
export async function caughtMail(webUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${webUrl}/api/email`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * A caught message's header fields as they were sent, unfolded, by lower-case name (the API's parsed headers
 * leave out some, List-Unsubscribe among them): read from the `.eml` the catcher keeps in `mailDirectory`.
 */
export async function mailHeaders(mailDirectory: string, id: string): Promise<Record<string, string>> {
  const raw = await readFile(path.join(mailDirectory, `${path.basename(id)}.eml`), 'utf8');
  const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const fields: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}
