/**
 * The address when it is http or https and carries no user or password (which would be sent,
 * and shown, wherever the address is); null otherwise, or when it is no address at all.
 */
export function httpAddress(value: string): URL | null {
  try {
    const url = new URL(value);
    const plain =
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' &&
      url.password === '';
    return plain ? url : null;
  } catch {
    return null;
  }
}
