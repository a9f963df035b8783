/** The admin key of the service each worker starts (support/test.ts). */
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123456789abcdefghijklmnopqrstuv';
