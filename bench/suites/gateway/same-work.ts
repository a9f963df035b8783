import type { RunningService } from '../../lib/service';
import { createKey, readQuota } from './service-setup';
import { CHAT_PATH, chatBody } from './shapes';

/** Chats sent through each before the rounds: a difference of one unit a chat shows as 20. */
const CHATS = 20;

type Answer = { status: number; body: { choices?: unknown } };

async function chat(url: string, authorization: string): Promise<Answer> {
  const response = await fetch(`${url}${CHAT_PATH}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: chatBody(),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Before it is measured, the simplest correct gateway must do the service's work: the same chats
 * through each, each with a key of its own, must get the same answers (but for each completion's
 * id and time) and leave the keys with the same used and remaining units; a key that cannot pay
 * for a chat and a key that does not exist must be refused by both, with the same statuses, and
 * the refused key left as it was.
 */
export async function requireSameWork(service: RunningService, plainUrl: string): Promise<void> {
  const ofService = await createKey(service, 'Gateway check, service', 1_000_000);
  const ofPlain = await createKey(service, 'Gateway check, simplest gateway', 1_000_000);
  for (let i = 0; i < CHATS; i += 1) {
    const [a, b] = await Promise.all([
      chat(service.url, ofService.authorization),
      chat(plainUrl, ofPlain.authorization),
    ]);
    if (a.status !== 200 || b.status !== a.status || !same(a.body.choices, b.body.choices)) {
      throw new Error(
        `the simplest correct gateway answered ${b.status} ${JSON.stringify(b.body)} where the service answered ${a.status} ${JSON.stringify(a.body)}`,
      );
    }
  }
  const [charged, chargedPlain] = await Promise.all([
    readQuota(service, ofService.id),
    readQuota(service, ofPlain.id),
  ]);
  if (
    charged.used === 0 ||
    charged.used !== chargedPlain.used ||
    charged.remain !== chargedPlain.remain
  ) {
    throw new Error(
      `${CHATS} chats through the service used ${charged.used} units and left ${charged.remain}; through the simplest correct gateway, ${chargedPlain.used} and ${chargedPlain.remain}`,
    );
  }
  const poor = await createKey(service, 'Gateway check, too little quota', 1);
  const refusals = [
    [poor.authorization, 429],
    ['Bearer sk-not-a-key-of-this-service', 401],
  ] as const;
  for (const [authorization, status] of refusals) {
    const [a, b] = await Promise.all([
      chat(service.url, authorization),
      chat(plainUrl, authorization),
    ]);
    if (a.status !== status || b.status !== status) {
      throw new Error(
        `a chat the service refused with ${a.status} got ${b.status} from the simplest correct gateway (expected ${status} from both)`,
      );
    }
  }
  const untouched = await readQuota(service, poor.id);
  if (untouched.used !== 0 || untouched.remain !== 1) {
    throw new Error(
      `a key refused for its quota was left with ${untouched.remain} units, ${untouched.used} used`,
    );
  }
}
