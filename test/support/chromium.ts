import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The flags that keep headless Chromium quiet on a machine with a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The Chromium to drive: `CHROME_PATH`, then Debian's `/usr/bin/chromium`; on Debian as
 * root a missing Chromium is installed with apt-get. Otherwise it throws a message that
 * says what to install.
 */
export const ensureChromium = (): string => {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (existsSync('/etc/debian_version') && isRoot()) {
    console.log("Chromium is missing: installing Debian's chromium package (about a minute)…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error('The browser tests need Chromium. Install it (Debian: `apt-get install chromium`) or set CHROME_PATH to a Chromium or Chrome binary.');
};
