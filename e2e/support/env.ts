/** The shared service the suite runs against (started by playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3947);
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123456789abcdefghijklmnopqrstuv';
