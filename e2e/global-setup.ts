import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOidcProvider } from '../apps/server/test/oidc-provider.ts';
import { startSmtp } from '../apps/server/test/smtp.ts';
import {
  E2E_BASE_URL,
  E2E_DIR,
  E2E_PORT,
  MAIL_DIR,
  OIDC_CLIENT,
  OIDC_ISSUER,
  OIDC_PORT,
  REPO_ROOT,
} from './support/env.ts';

/**
 * The real app on its own port and a fresh embedded database, with a real SMTP server (messages land in
 * .tmp/e2e/mail for the specs to read) and a real OpenID Connect provider standing in for Office 365.
 */
const globalSetup = async () => {
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });

  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@centric/web'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the web app did not build');
  }

  let count = 0;
  const smtp = await startSmtp({
    onMessage: (mail) =>
      writeFileSync(
        path.join(MAIL_DIR, `${String(++count).padStart(4, '0')}-${mail.to.join(',')}.eml`),
        mail.text,
      ),
  });

  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(E2E_DIR, 'data'),
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      SMTP_URL: smtp.url,
      PUBLIC_URL: E2E_BASE_URL,
      OFFICE365_ISSUER: OIDC_ISSUER,
      OFFICE365_CLIENT_ID: OIDC_CLIENT.id,
      OFFICE365_CLIENT_SECRET: OIDC_CLIENT.secret,
      LOG_LEVEL: 'warn',
    },
  });

  // The provider starts while the app does (10–20 s here: a new embedded database, its migrations and the
  // demo seed); the app asks for the provider's metadata at the first single sign-on only.
  const idp = await startOidcProvider({
    clientId: OIDC_CLIENT.id,
    clientSecret: OIDC_CLIENT.secret,
    redirectUri: `${E2E_BASE_URL}/api/sso/office365/callback`,
    port: OIDC_PORT,
  }).catch((error: unknown) => {
    server.kill('SIGTERM');
    throw error;
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await idp.close();
    await smtp.close();
  };
};

export default globalSetup;
