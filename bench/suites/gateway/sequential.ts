import { Agent, request } from 'node:http';
import { CHAT_PATH, chatBody } from './shapes';

export type EndpointName = 'direct' | 'proxy' | 'plain' | 'service';

/**
 * Where a client sends its chat: the upstream itself, the bare proxy, the simplest correct gateway
 * or the service.
 */
export interface Endpoint {
  name: EndpointName;
  url: string;
  authorization: string;
}

/** One client connection per endpoint, kept alive, as an SDK keeps one between calls. */
const agents = new Map<EndpointName, Agent>();
const agentOf = (name: EndpointName) => {
  let agent = agents.get(name);
  if (!agent) agents.set(name, (agent = new Agent({ keepAlive: true, maxSockets: 1 })));
  return agent;
};

/**
 * One chat, timed from the request's start: to the answer's last byte when whole, to its first
 * byte of body when streamed (the time to first token a user sees, the stream read to its end).
 */
function timeOne(endpoint: Endpoint, body: string, stream: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte = 0;
    let tail = '';
    const sent = request(
      `${endpoint.url}${CHAT_PATH}`,
      {
        method: 'POST',
        agent: agentOf(endpoint.name),
        headers: {
          authorization: endpoint.authorization,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (answer) => {
        answer.on('data', (chunk: Buffer) => {
          if (firstByte === 0) firstByte = performance.now() - started;
          tail = (tail + chunk.toString()).slice(-64);
        });
        answer.on('end', () => {
          const ended = performance.now() - started;
          if (answer.statusCode !== 200) {
            reject(new Error(`${endpoint.name} answered ${answer.statusCode}: ${tail}`));
          } else if (stream && !tail.endsWith('data: [DONE]\n\n')) {
            reject(new Error(`${endpoint.name}'s stream ended without [DONE]`));
          } else resolve(stream ? firstByte : ended);
        });
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Chats one at a time, untimed: the code they run is compiled and their connection open. */
export async function warmUp(endpoint: Endpoint, stream: boolean, chats: number): Promise<void> {
  const body = chatBody({ stream });
  for (let i = 0; i < chats; i += 1) await timeOne(endpoint, body, stream);
}

/**
 * Chats one at a time: rounds of perRound to each endpoint in turn, after warmUp each. The
 * processes are still compiling their code for the first few thousand chats: with 200 to warm
 * up, the p99 of the first 2,000 chats was 1.1 ms straight to the upstream and 3.7 ms through the
 * service, and 0.3 and 1.9 ms for the 2,000 after them; with 4,000, 0.3 and 1.9 ms from the first.
 */
export const LATENCY = { rounds: 10, perRound: 200, warmUp: 4_000 };

export interface SequentialOptions {
  stream: boolean;
  rounds: number;
  perRound: number;
  warmUp: number;
}

/**
 * Requests one at a time, each endpoint `perRound` in a row, the endpoints taking turns and
 * swapping who goes first each round, so that a busier moment of the machine falls on all of them.
 */
export async function sequentialTimes(
  endpoints: Endpoint[],
  options: SequentialOptions,
): Promise<Map<EndpointName, number[]>> {
  const body = chatBody({ stream: options.stream });
  for (const endpoint of endpoints) await warmUp(endpoint, options.stream, options.warmUp);
  const times = new Map<EndpointName, number[]>(endpoints.map(({ name }) => [name, []]));
  for (let round = 0; round < options.rounds; round += 1) {
    const order = endpoints.map((_, i) => endpoints[(i + round) % endpoints.length] as Endpoint);
    for (const endpoint of order) {
      const list = times.get(endpoint.name) as number[];
      for (let i = 0; i < options.perRound; i += 1) {
        list.push(await timeOne(endpoint, body, options.stream));
      }
    }
  }
  return times;
}

export function closeSequentialAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
