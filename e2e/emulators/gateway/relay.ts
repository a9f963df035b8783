/**
 * The OpenAI routes both gateways relay to their channels, reduced to what a client of theirs
 * meets: /v1/models and /v1/chat/completions behind the token's checks, in the gateways' words
 * and statuses, answered by an echo of the last message (streamed word by word, with usage) and
 * charged to the token in the store, as the gateways' quota ratios would.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { LogStore } from './log-store';
import type { Handler, RequestContext } from './router';
import type { TokenStore } from './token-store';
import { seconds, TOKEN_STATUS, type BaseToken } from './types';

/** What each gateway says and allows in its own way. */
export interface RelayDialect<T extends BaseToken> {
  /** The `type` of every refusal: one_api_error, new_api_error. */
  errorType: string;
  /** The models the token may use; null: every model the gateway has. */
  allowedModels: (token: T) => string[] | null;
  /** The distributor's refusal of a model the token may not use (HTTP 403). */
  modelNotAllowed: (model: string) => string;
  /** /v1/models' answer around its list. */
  modelList: (data: object[]) => object;
}

/** The models the emulated channels serve, with their model ratios (quota per token). */
export const RELAY_MODELS: Readonly<Record<string, number>> = {
  'gpt-4o-mini': 0.075,
  'gpt-4o': 1.25,
};
/** Output tokens cost this many times input tokens (the gateways' completion ratio). */
const COMPLETION_RATIO = 4;
/** A word every this many milliseconds: slow enough to watch an answer stream in. */
const WORD_MS = 30;

/** model.ValidateUserToken's words, which both gateways answer with HTTP 401. */
const MSG = {
  noKey: '未提供令牌',
  unknown: '无效的令牌',
  unavailable: '该令牌状态不可用',
  expired: '该令牌已过期',
  exhausted: '该令牌额度已用尽',
  /** PreConsumeTokenQuota: less left than the request could cost. */
  tooLittle: '令牌额度不足',
  noChannel: (model: string) => `当前分组 default 下对于模型 ${model} 无可用渠道`,
} as const;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

interface ChatBody {
  model?: unknown;
  messages?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
  max_tokens?: unknown;
}

interface Message {
  role?: unknown;
  content?: unknown;
}

const messagesOf = (body: ChatBody): Message[] =>
  Array.isArray(body.messages) ? (body.messages as Message[]) : [];

/** The prompt's tokens as the emulator counts them: words, and four for each message's frame. */
const promptTokens = (body: ChatBody) =>
  messagesOf(body).reduce(
    (sum, message) =>
      sum + 4 + words(typeof message.content === 'string' ? message.content : '').length,
    3,
  );

function answerWords(body: ChatBody): string[] {
  const last = messagesOf(body).findLast((message) => message.role === 'user');
  const said = typeof last?.content === 'string' ? last.content.trim() : '';
  return words(said === '' ? 'Echo: (nothing was said)' : `Echo: ${said}`);
}

/** The quota a request costs: tokens at the model's ratio, rounded up, at least 1. */
const quotaOf = (ratio: number, prompt: number, completion: number) =>
  Math.max(1, Math.ceil((prompt + completion * COMPLETION_RATIO) * ratio));

export function relayRoutes<T extends BaseToken>(
  store: TokenStore<T>,
  logs: LogStore,
  dialect: RelayDialect<T>,
  now: () => number,
): Array<[method: string, pattern: string, handler: Handler]> {
  const refuse = (res: ServerResponse, status: number, message: string, code = '') => {
    const text = JSON.stringify({
      error: {
        message: `${message} (request id: ${randomUUID().slice(0, 8)})`,
        type: dialect.errorType,
        code,
      },
    });
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(text);
  };

  /** middleware.TokenAuth: the token of `Bearer sk-…`, or the refusal already written. */
  const tokenOf = ({ req, res }: RequestContext): T | null => {
    const header = req.headers.authorization ?? '';
    const key = header
      .replace(/^Bearer\s+/i, '')
      .replace(/^sk-/, '')
      .split('-')[0];
    if (!key) return (refuse(res, 401, MSG.noKey), null);
    const token = store.all().find((t) => t.key === key);
    if (!token) return (refuse(res, 401, MSG.unknown), null);
    const expired = token.expired_time !== -1 && token.expired_time < seconds(now);
    if (token.status === TOKEN_STATUS.expired || expired)
      return (refuse(res, 401, MSG.expired), null);
    if (token.status !== TOKEN_STATUS.enabled) return (refuse(res, 401, MSG.unavailable), null);
    if (!token.unlimited_quota && token.remain_quota <= 0) {
      return (refuse(res, 401, MSG.exhausted), null);
    }
    return token;
  };

  const charge = (token: T, model: string, quota: number) => {
    if (!token.unlimited_quota) token.remain_quota -= quota;
    token.used_quota += quota;
    token.accessed_time = seconds(now);
    const at = seconds(now);
    logs.add(
      { tokenName: token.name, count: 1, from: at, to: at + 1, models: [model], quota },
      { userId: token.user_id, tokenId: () => token.id },
    );
  };

  const listModels: Handler = (ctx) => {
    const token = tokenOf(ctx);
    if (!token) return;
    const allowed = dialect.allowedModels(token);
    const names = Object.keys(RELAY_MODELS).filter((name) => !allowed || allowed.includes(name));
    const data = names.map((id) => ({
      id,
      object: 'model',
      created: 1626777600,
      owned_by: 'openai',
    }));
    ctx.res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    ctx.res.end(JSON.stringify(dialect.modelList(data)));
  };

  const chat: Handler = async (ctx) => {
    const token = tokenOf(ctx);
    if (!token) return;
    let body: ChatBody;
    try {
      body = JSON.parse(await ctx.body()) as ChatBody;
    } catch {
      return refuse(ctx.res, 400, 'invalid character in request body', 'invalid_request_error');
    }
    const model = typeof body.model === 'string' ? body.model : '';
    const allowed = dialect.allowedModels(token);
    if (allowed && !allowed.includes(model))
      return refuse(ctx.res, 403, dialect.modelNotAllowed(model));
    const ratio = RELAY_MODELS[model];
    if (ratio === undefined) return refuse(ctx.res, 503, MSG.noChannel(model), 'model_not_found');
    const prompt = promptTokens(body);
    const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 0;
    if (!token.unlimited_quota && token.remain_quota < quotaOf(ratio, prompt + maxTokens, 0)) {
      return refuse(ctx.res, 403, MSG.tooLittle, 'pre_consume_token_quota_failed');
    }
    const said = answerWords(body);
    const id = `chatcmpl-${randomUUID()}`;
    const created = seconds(now);
    const usage = (completion: number) => ({
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    });

    if (body.stream !== true) {
      charge(token, model, quotaOf(ratio, prompt, said.length));
      const message = { role: 'assistant', content: said.join(' ') };
      ctx.res.writeHead(200, { 'Content-Type': 'application/json' });
      ctx.res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message, finish_reason: 'stop' }],
          usage: usage(said.length),
        }),
      );
      return;
    }

    const event = (value: object) => `data: ${JSON.stringify(value)}\n\n`;
    const chunk = (choices: object[], extra: object = {}) =>
      event({ id, object: 'chat.completion.chunk', created, model, choices, ...extra });
    ctx.res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    let delivered = 0;
    let gone = false;
    // A client gone mid-answer is charged what it was sent, as the gateways count it.
    ctx.res.on('close', () => {
      if (delivered < said.length) {
        gone = true;
        charge(token, model, quotaOf(ratio, prompt, delivered));
      }
    });
    for (const [index, word] of said.entries()) {
      if (gone) return;
      const content = index === 0 ? word : ` ${word}`;
      ctx.res.write(chunk([{ index: 0, delta: { content }, finish_reason: null }]));
      delivered++;
      await new Promise((resolve) => setTimeout(resolve, WORD_MS));
    }
    if (gone) return;
    ctx.res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
    if (body.stream_options?.include_usage === true)
      ctx.res.write(chunk([], { usage: usage(delivered) }));
    // Charged before the stream ends, so the token read right after shows it.
    charge(token, model, quotaOf(ratio, prompt, delivered));
    ctx.res.end('data: [DONE]\n\n');
  };

  return [
    ['GET', '/v1/models', listModels],
    ['POST', '/v1/chat/completions', chat],
  ];
}
