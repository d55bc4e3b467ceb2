import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureDebianProgram } from './debian-program.js';
import { startProcess, waitUntilReady, type LogLine } from './processes.js';

export interface StartCaddyOptions {
  /** Caddy's storage (its local CA, certificates) and the Caddyfile go here. */
  dataDir: string;
  httpPort: number;
  httpsPort: number;
  /** The gateway Caddy proxies every request to (`127.0.0.1:5000`). */
  upstream: string;
  /** The on-demand TLS `ask` URL: Caddy gets a certificate only for names it answers 200 for. */
  askUrl: string;
  log?: LogLine;
}

export interface LocalCaddy {
  readonly httpsPort: number;
  /** Caddy's local CA certificate (PEM), which signs the certificates it serves here. */
  readonly rootCertificate: string;
  stop(): Promise<void>;
}

const CADDY = {
  program: 'caddy',
  debianPackage: 'caddy',
  installHint:
    'caddy is not installed: install it (Debian/Ubuntu: apt-get install caddy; others: https://caddyserver.com/docs/install)',
};

/** Finds caddy, installing Debian's package when we are root on a machine with apt-get. */
export function ensureCaddy(log?: LogLine): Promise<string> {
  return ensureDebianProgram(CADDY, log);
}

/**
 * Caddy as production runs it in front of the gateway (infra/Caddyfile), with its local CA instead of Let's
 * Encrypt: on-demand TLS for any name the `ask` endpoint allows, every request proxied to the gateway.
 */
export async function startCaddy(options: StartCaddyOptions): Promise<LocalCaddy> {
  const binary = await ensureCaddy(options.log);
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const caddyfile = path.join(dataDir, 'Caddyfile');
  await writeFile(
    caddyfile,
    `{
	admin off
	http_port ${options.httpPort}
	https_port ${options.httpsPort}
	skip_install_trust
	auto_https disable_redirects
	storage file_system ${path.join(dataDir, 'storage')}
	on_demand_tls {
		ask ${options.askUrl}
	}
}

https:// {
	bind 127.0.0.1
	tls internal {
		on_demand
	}
	reverse_proxy ${options.upstream}
}
`,
  );
  let ready = false;
  const caddy = startProcess(binary, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dataDir, XDG_DATA_HOME: dataDir, XDG_CONFIG_HOME: dataDir },
    log: (line) => {
      if (line.includes('serving initial configuration')) ready = true;
      options.log?.(line);
    },
  });
  await waitUntilReady(`caddy on port ${options.httpsPort}`, caddy, async () => ready);
  return {
    httpsPort: options.httpsPort,
    rootCertificate: path.join(dataDir, 'storage', 'pki', 'authorities', 'local', 'root.crt'),
    stop: async () => {
      await caddy.stop('SIGTERM', 5000);
    },
  };
}
