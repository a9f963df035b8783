/** Single-quotes a word for a POSIX shell: 'it'\''s'. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface CurlCall {
  method: string;
  url: string;
  body: string | undefined;
  /** Made with a token's key (OpenAI's routes): written as $TOKEN_KEY, never as the admin key. */
  tokenKey?: boolean;
}

/** What a copied command needs from the connection besides the call itself. */
export interface CurlCredentials {
  /** Written into the command only when the person asks; otherwise $ADMIN_KEY. */
  adminKey?: string;
  /** new-api's user id, sent as New-Api-User (older releases refuse calls without it). */
  userId?: string;
  /** An open route: the command sends no key, as the route needs none. */
  keyless?: boolean;
}

/**
 * The call as a curl command a person can paste into a terminal. The admin key is written as
 * $ADMIN_KEY (expanded by the shell, hence double quotes) unless the person asks for it.
 */
export function toCurl(
  call: CurlCall,
  { adminKey, userId, keyless = false }: CurlCredentials = {},
): string {
  const auth = call.tokenKey
    ? '"Authorization: Bearer $TOKEN_KEY"'
    : adminKey
      ? shellQuote(`Authorization: Bearer ${adminKey}`)
      : '"Authorization: Bearer $ADMIN_KEY"';
  const parts = ['curl', '-sS'];
  if (call.method !== 'GET') parts.push('-X', call.method);
  parts.push(shellQuote(call.url));
  if (!keyless) parts.push('-H', auth);
  if (userId && !keyless && !call.tokenKey) parts.push('-H', shellQuote(`New-Api-User: ${userId}`));
  if (call.body !== undefined) {
    parts.push(
      '-H',
      shellQuote('Content-Type: application/json'),
      '--data-raw',
      shellQuote(call.body),
    );
  }
  return parts.join(' ');
}
