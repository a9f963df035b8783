/** Where the connection, admin key included, is kept in sessionStorage. */
export const SESSION_KEY = 'tokendesk.session';
