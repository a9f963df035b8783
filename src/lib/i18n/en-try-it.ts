import { textSection } from './sections';

/** Try it's texts (a token's details and the playground) in English, which come with the code of the parts that show them. */
export const enTryIt = {
  'tryIt.open': 'Try it',
  'tryIt.intro': 'Send messages with this token’s key and see what each costs it.',
  'tryIt.needsReveal':
    'Trying a token needs its whole key, and your key ({role}) may not reveal keys.',
  'tryIt.back': 'Back to details',
  'tryIt.keyNote':
    'The key is revealed once (the audit records it) and kept in this tab only, until you log out.',
  'tryIt.pricesElsewhere':
    '{kind} does not share its models’ prices, so none are shown here: each reply’s cost is what {kind} charged the token.',
  'tryIt.revealing': 'Revealing the key…',
  'tryIt.revealFailed': 'The key could not be revealed',
  'tryIt.model': 'Model',
  'tryIt.modelsLoading': 'Asking which models this key may use…',
  'tryIt.noModels':
    'This key may use no model: allow one in the token’s models, or add a model to the gateway.',
  'tryIt.left': 'Quota left',
  'tryIt.amount': '{usd} ({units})',
  'tryIt.message': 'Message',
  'tryIt.placeholder': 'Type a message. Enter sends it, Shift+Enter starts a new line.',
  'tryIt.send': 'Send',
  'tryIt.stop': 'Stop',
  'tryIt.clear': 'Clear',
  'tryIt.conversation': 'Conversation',
  'tryIt.empty': 'Nothing sent yet. Answers stream in as the gateway sends them.',
  'tryIt.you': 'You',
  'tryIt.answer': 'Answer ({model})',
  'tryIt.waiting': 'Waiting for the answer…',
  'tryIt.stopped': 'Stopped',
  'tryIt.tokens': '{prompt} prompt + {completion} completion tokens',
  'tryIt.noUsage': 'Tokens not reported',
  'tryIt.cost': 'Cost {amount}, read back from the token’s used quota',
  'tryIt.costReading': 'Reading the token’s used quota…',
  'tryIt.costMissing': 'Cost not available: the token’s used quota could not be read again.',
  'tryIt.clientGets': 'The client gets HTTP {status}{code}: {message}',
  'tryIt.clientGetsMidway': 'The answer ended with an error{code}: {message}',
  'tryIt.refused.quota': 'Insufficient quota — add quota to this token',
  'tryIt.refused.rate-limited': 'Rate limited — retry in {seconds} s',
  'tryIt.refused.rateLimitedSoon': 'Rate limited — retry shortly',
  'tryIt.refused.model':
    'Model not allowed for this key — pick another, or allow it in the token’s models',
  'tryIt.refused.key-disabled': 'Key disabled — enable the token to use it',
  'tryIt.refused.key-expired': 'Key expired — extend the token’s expiry',
  'tryIt.refused.key-unknown': 'Key not accepted — it may have been rotated',
  'tryIt.refused.address': 'Not allowed from this address',
  'tryIt.refused.upstream': 'Upstream error — the model’s upstream failed; try again shortly',
  'tryIt.refused.request': 'Request refused',
  'tryIt.refused.unexpected': 'Unexpected answer',
  'tryIt.refused.network': 'No answer from the server',
  'tryIt.editToken': 'Edit token…',
  'tryIt.revealAgain': 'Reveal the key again',
} as const;

export const tryItTexts = textSection('try-it', enTryIt, {
  'zh-CN': () => import('./zh-CN-try-it').then((module) => module.zhCNTryIt),
});
