import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3101);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3199);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT = { id: 'centric-e2e', secret: 'centric-e2e-secret' };
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const E2E_DIR = path.join(REPO_ROOT, '.tmp/e2e');
export const MAIL_DIR = path.join(E2E_DIR, 'mail');
export const DEMO_PASSWORD = 'Centric#2026';
export const SCREENS_DIR = path.join(REPO_ROOT, '.tmp/screens');
