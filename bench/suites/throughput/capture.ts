import { request } from 'node:http';
import { HOP_BY_HOP, type CapturedResponse } from './captured';

/**
 * One real answer of the service, asked for with the same headers autocannon sends (no
 * Accept-Encoding, so no compression), with Node's http client rather than fetch for that reason.
 */
export function captureResponse(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = String(value);
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
