/** Starting an emulator's HTTP server on 127.0.0.1 and stopping it with its connections. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port = 0,
): Promise<Listening> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      // A bug in the emulator: answer like Gin's Recovery middleware.
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Length': '0' });
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
