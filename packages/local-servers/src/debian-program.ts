import { findExecutable, isRoot, runToCompletion, type LogLine } from './processes.js';

export interface DebianProgram {
  /** The executable's name (`caddy`). */
  program: string;
  /** The Debian package that installs it (`caddy`). */
  debianPackage: string;
  /** What to tell someone who must install it by hand. */
  installHint: string;
  /** Folders to look in besides PATH: Debian puts some servers in /usr/sbin, not on every user's PATH. */
  extraDirs?: string[];
}

const DEFAULT_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/opt/homebrew/bin'];

/** One install per package at a time: parallel callers in one process wait for the same apt-get. */
const installing = new Map<string, Promise<string>>();

/**
 * Finds a program the local servers run (caddy, rclone, nats-server), installing its Debian package when we
 * are root on a machine with apt-get; otherwise fails with the install hint.
 */
export async function ensureDebianProgram(wanted: DebianProgram, log?: LogLine): Promise<string> {
  const dirs = [...(wanted.extraDirs ?? []), ...DEFAULT_DIRS];
  const found = await findExecutable(wanted.program, dirs);
  if (found) return found;
  if (!isRoot() || !(await findExecutable('apt-get', dirs))) throw new Error(wanted.installHint);
  let install = installing.get(wanted.debianPackage);
  if (!install) {
    install = installWithApt(wanted, dirs, log).finally(() => installing.delete(wanted.debianPackage));
    installing.set(wanted.debianPackage, install);
  }
  return install;
}

async function installWithApt(wanted: DebianProgram, dirs: string[], log?: LogLine): Promise<string> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Waits for another apt (a parallel test worker, say) instead of failing on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  log?.(`${wanted.program} not found: installing the Debian package ${wanted.debianPackage}`);
  // A fresh machine often has no package lists yet.
  await runToCompletion('apt-get', [...lock, 'update'], { env, log }).catch(() => undefined);
  await runToCompletion('apt-get', [...lock, 'install', '-y', wanted.debianPackage], { env, log }).catch(
    () => undefined,
  );
  const installed = await findExecutable(wanted.program, dirs);
  if (!installed) throw new Error(`${wanted.installHint} (apt-get install ${wanted.debianPackage} failed)`);
  return installed;
}
