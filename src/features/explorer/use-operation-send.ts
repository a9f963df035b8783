import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buildUrl } from '../../api/client';
import { useExchange } from '../../api/exchange-context';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { anyEnvelopeSchema } from '../../contract/envelope';
import type { Operation } from '../../contract/operation';
import type { CurlCall } from '../../lib/curl';
import type { PreparedRequest } from './request-draft';

/** What came of a send: the server's answer, or why none came. Either way, the call made. */
export type SendResult =
  | { kind: 'answer'; call: CurlCall; status: number; durationMs: number; body: unknown }
  | { kind: 'no-answer'; call: CurlCall; message: string };

const succeeded = (status: number, body: unknown) =>
  status >= 200 && status < 300 && anyEnvelopeSchema.safeParse(body).data?.success === true;

/** Sends a prepared request through the session's client; a write that worked refreshes the lists. */
export function useOperationSend(operation: Operation) {
  const { t } = useI18n();
  const { connection, exchange } = useExchange();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SendResult | null>(null);

  const send = async (request: PreparedRequest) => {
    const call: CurlCall = {
      method: request.method,
      url: buildUrl(connection.baseUrl, request.path, request.query),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    };
    setSending(true);
    try {
      const answer = await exchange(request.method, request.path, {
        query: request.query,
        body: request.body,
        keyless: !operation.auth,
      });
      setResult({ kind: 'answer', call, ...answer });
      // The table and the strip show what the server now holds.
      if (request.method !== 'GET' && succeeded(answer.status, answer.body))
        void queryClient.invalidateQueries();
    } catch (error) {
      setResult({ kind: 'no-answer', call, message: describeError(error, t) });
    } finally {
      setSending(false);
    }
  };

  return { sending, result, send };
}
