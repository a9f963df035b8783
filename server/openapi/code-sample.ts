import { fillPath, type Operation, type OperationExample } from '../../src/contract/operation';

/**
 * The example as a curl command in the style of docs/api.md: the address in $TOKENDESK, the key
 * in $ADMIN_KEY, so a person can paste it after the two exports that page shows.
 */
export function curlFor(operation: Operation, example: OperationExample): string {
  const search = new URLSearchParams(example.query).toString();
  const url = `$TOKENDESK${fillPath(operation.path, example.path)}${search ? `?${search}` : ''}`;
  const parts = ['curl -s'];
  if (operation.method !== 'GET') parts.push(`-X ${operation.method}`);
  parts.push(`"${url}"`);
  if (operation.auth) parts.push('-H "Authorization: Bearer $ADMIN_KEY"');
  if (example.body !== undefined) {
    parts.push('-H "Content-Type: application/json"', `-d '${JSON.stringify(example.body)}'`);
  }
  return parts.join(' ');
}
