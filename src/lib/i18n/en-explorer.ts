import { textSection } from './sections';

/** The API explorer's texts in English, which come with the code of the parts that show them. */
export const enExplorer = {
  'explorer.title': 'API explorer',
  'explorer.intro':
    'Send any call of the API with this session’s admin key. Each call is listed in Activity, like the dashboard’s own.',
  'explorer.operations': 'Operations',
  'explorer.resource.tokens': 'Tokens',
  'explorer.resource.models': 'Models',
  'explorer.resource.webhooks': 'Webhooks',
  'explorer.resource.settings': 'Settings',
  'explorer.resource.admin': 'Admin keys and audit',
  'explorer.resource.service': 'Service',
  'explorer.reference': 'Open the reference page',
  'explorer.gatewayTitle': 'The four operations {kind} shares with this service',
  'explorer.gatewayBody':
    'Listing, creating, updating and deleting tokens are the routes this service, one-api and new-api all have, so they are the ones offered here. The other operations are this service’s own routes, which {kind} does not have. {kind} answers these four in its own shapes (its pages, fields and messages differ from the examples); docs/gateways.md in the Tokendesk sources lists the differences.',
  'explorer.choose': 'Choose an operation to fill in its parameters and send it.',
  'explorer.back': 'All operations',
  'explorer.open': 'No key needed',
  'explorer.example': 'Example',
  'explorer.pathParams': 'Path parameters',
  'explorer.queryParams': 'Query parameters',
  'explorer.range': 'From {min} to {max}',
  'explorer.maxLength': 'Up to {max} characters',
  'explorer.default': 'Default: {value}',
  'explorer.clear': 'Clear {name}',
  'explorer.body': 'Body (JSON)',
  'explorer.bodyHint':
    'Checked with the same schema the service validates it with before it is sent.',
  'explorer.invalidJson': 'The body is not valid JSON: {detail}',
  'explorer.notSent': 'Nothing was sent: correct what is marked above.',
  'explorer.send': 'Send',
  'explorer.answer': 'Answer',
  'explorer.noAnswer': 'No answer',
  'explorer.answerBody': 'Answer body',
  'explorer.emptyAnswer': '(empty)',
  'explorer.unauthorized':
    'The server refused the admin key for this call. You are still signed in; if the key was changed on the server, log out and connect with the new one.',
  'explorer.curl': 'The same call with curl',
  'explorer.curlCommand': 'curl command',
  'explorer.field.id': 'The token’s id.',
  'explorer.field.p': 'The page, from 1.',
  'explorer.field.size': 'Tokens a page.',
  'explorer.field.keyword': 'Names that contain this text, in any case.',
  'explorer.field.token': 'The token with this whole key, with or without sk-.',
  'explorer.field.status':
    'Tokens with this status: 1 enabled, 2 disabled, 3 expired, 4 exhausted.',
  'explorer.field.order': 'The field to order by; - in front for descending.',
  'explorer.field.status_only': 'true: only id and status are read from the body.',
  'explorer.field.from': 'Unix seconds; default 7 days before `to`.',
  'explorer.field.to': 'Unix seconds; default now.',
  'explorer.field.bucket': 'hour, or day; default hour for ranges up to 72 hours, else day.',
  'explorer.field.token_id': "Only this token's records.",
  'explorer.field.actor': 'Only the records of the admin key with this id (0: ADMIN_KEY).',
  'explorer.field.action': 'Only records of this action.',
  'explorer.field.listAudit.size': 'Records a page.',
  'explorer.field.revokeAdminKey.id': 'The admin key’s id.',
  'explorer.notAllowed': 'This key’s role, {role}, may not call this operation. {may}',
  'explorer.example.getAdminKeySelf.0': 'Who am I',
  'explorer.example.listAdminKeys.0': 'The admin keys',
  'explorer.example.createAdminKey.0': 'A key for support',
  'explorer.example.revokeAdminKey.0': 'Revoke a key',
  'explorer.example.listAudit.0': 'The latest changes',
  'explorer.example.listAudit.1': "One token's history",
  'explorer.op.getAdminKeySelf': 'Who this key is',
  'explorer.op.listAdminKeys': 'List admin keys',
  'explorer.op.createAdminKey': 'Create an admin key',
  'explorer.op.revokeAdminKey': 'Revoke an admin key',
  'explorer.op.listAudit': 'Read the audit',
  'explorer.op.listModels': 'List models',
  'explorer.op.createModel': 'Create a model',
  'explorer.op.updateModel': 'Change a model',
  'explorer.op.deleteModel': 'Delete a model',
  'explorer.op.testModel': 'Test a model',
  'explorer.op.listWebhooks': 'List webhook endpoints',
  'explorer.about.listWebhooks':
    'Every endpoint, oldest first, with its health: the last attempt and the failures since the last success. Secrets masked.',
  'explorer.op.createWebhook': 'Add a webhook endpoint',
  'explorer.about.createWebhook':
    'Events of the types given are POSTed to url from now on. The answer holds the signing secret whole, the only time it is shown. Loopback and private addresses are refused unless WEBHOOK_ALLOW_PRIVATE=1.',
  'explorer.op.updateWebhook': 'Change a webhook endpoint',
  'explorer.about.updateWebhook':
    'Fields left out keep their values. Switching an endpoint on again starts its failures afresh.',
  'explorer.op.deleteWebhook': 'Delete a webhook endpoint',
  'explorer.about.deleteWebhook': 'Nothing more is sent to it; its delivery log goes with it.',
  'explorer.op.rotateWebhookSecret': "Rotate an endpoint's signing secret",
  'explorer.about.rotateWebhookSecret':
    'A new secret, whole in the answer (the only time it is shown). Attempts are signed with it and, for 24 hours (until `previous_secret_valid_until`), with the previous one too, so receivers can move over; rotating again keeps only the secret it replaces.',
  'explorer.op.sendTestEvent': 'Send a test event',
  'explorer.about.sendTestEvent':
    'A webhook.test event to this endpoint only, even switched off; the answer is its delivery, whose attempts the log shows.',
  'explorer.op.listDeliveries': 'List deliveries',
  'explorer.about.listDeliveries':
    "The endpoint's deliveries, newest first, each with every attempt: its time, status code or error, duration and the answer's first 2 KB.",
  'explorer.op.resendDelivery': 'Resend a delivery',
  'explorer.about.resendDelivery':
    'The same event (the same webhook-id) sent again now, as a new delivery of its own, even to an endpoint switched off.',
  'explorer.op.listTokenEvents': "List a token's events",
  'explorer.about.listTokenEvents':
    'The last 20 events of a token, newest first, whether or not an endpoint was sent them.',
  'explorer.example.listWebhooks.0': 'The endpoints',
  'explorer.example.createWebhook.0': 'An endpoint for quota alerts',
  'explorer.example.updateWebhook.0': 'Switch an endpoint off',
  'explorer.example.deleteWebhook.0': 'Delete an endpoint',
  'explorer.example.rotateWebhookSecret.0': 'A new secret',
  'explorer.example.sendTestEvent.0': 'Send a test event',
  'explorer.example.listDeliveries.0': 'The last deliveries',
  'explorer.example.resendDelivery.0': 'Resend',
  'explorer.example.listTokenEvents.0': "A token's events",
  'explorer.field.deleteWebhook.id': 'The endpoint’s id.',
  'explorer.field.rotateWebhookSecret.id': 'The endpoint’s id.',
  'explorer.field.sendTestEvent.id': 'The endpoint’s id.',
  'explorer.field.listDeliveries.id': 'The endpoint’s id.',
  'explorer.field.resendDelivery.id': 'The endpoint’s id.',
  'explorer.field.resendDelivery.delivery_id': 'The delivery’s id, as the log shows it.',
  'explorer.field.listDeliveries.size': 'Deliveries a page.',
  'explorer.field.listDeliveries.before': 'Only deliveries older than this id: the next page.',
  'explorer.field.listTokenEvents.token_id':
    'The token whose last 20 events are listed, newest first.',
  'explorer.about.listModels':
    'Every model the gateway can forward to, ordered by name: its upstream, its prices in USD per 1M tokens and its defaults. Upstream keys only masked.',
  'explorer.about.createModel':
    'A model clients may name in /v1: the upstream it is forwarded to (an OpenAI-compatible base address and its key, sealed at rest), and its prices. 409 when another model has the name.',
  'explorer.about.updateModel':
    'Fields left out keep their values; an upstream_key of "" removes the key. Every instance uses the change from its next request.',
  'explorer.about.deleteModel':
    'Clients naming it get 404 model_not_found from the next request on.',
  'explorer.about.testModel':
    'Sends one tiny chat completion ("Say OK.", at most 5 tokens) to the model\'s upstream with its key, switched on or not, and says how it went: the upstream\'s status, the time, the tokens its usage counts, and its answer or what went wrong. No token is charged. Gives up after 20 seconds.',
  'explorer.field.deleteModel.id': 'The model’s id.',
  'explorer.field.testModel.id': 'The model’s id.',
  'explorer.example.listModels.0': 'The models',
  'explorer.example.createModel.0': 'A model',
  'explorer.example.updateModel.0': 'Switch a model off',
  'explorer.example.deleteModel.0': 'Delete a model',
  'explorer.example.testModel.0': 'Test a model',
  'explorer.about.getAdminKeySelf':
    'The id, name and role of the admin key that calls, for every role: ADMIN_KEY is `{ "id": 0, "name": "ADMIN_KEY", "role": "owner" }`.',
  'explorer.about.listAdminKeys': 'Every admin key but ADMIN_KEY, oldest first, keys masked.',
  'explorer.about.createAdminKey':
    'A new admin key with a role: owner (everything), operator (read; change names, quotas, expiry, status, refills and rate limits), viewer (read) or gateway (verify and usage reports). The whole key is in this answer only.',
  'explorer.about.revokeAdminKey':
    'The key is refused (401) from the next request on, on every instance.',
  'explorer.about.listAudit':
    'Every change and every reveal, newest first: who (the admin key), from where, what, and the record before and after, keys masked.',
  'explorer.example.updateToken.0': 'Update',
  'explorer.example.updateToken.1': 'Disable',
  'explorer.example.updateToken.2': 'Refill daily, limit per minute',
  'explorer.op.listTokens': 'List tokens',
  'explorer.op.searchTokens': 'Search tokens',
  'explorer.op.summarizeTokens': 'Count tokens by status',
  'explorer.op.getToken': 'Get one token',
  'explorer.op.createToken': 'Create a token',
  'explorer.op.updateToken': 'Update a token',
  'explorer.op.deleteToken': 'Delete a token',
  'explorer.op.deleteTokens': 'Delete several tokens',
  'explorer.op.revealTokenKey': 'Reveal a key',
  'explorer.op.rotateTokenKey': 'Rotate a key',
  'explorer.op.verifyToken': 'Verify a key',
  'explorer.op.reportUsage': 'Report usage',
  'explorer.op.getTokenUsage': "A token's usage",
  'explorer.op.getUsage': 'Usage of all tokens',
  'explorer.op.getOptions': 'Read the options',
  'explorer.op.setOption': 'Change an option',
  'explorer.op.getStatus': 'Service status',
  'explorer.op.getHealth': 'Health check',
  'explorer.op.getOpenApiDocument': 'OpenAPI document',
  'explorer.about.listTokens':
    'One page of tokens, filtered and ordered by the server. Keys are masked. `total` counts every match.',
  'explorer.about.searchTokens':
    'The same as listing: kept for clients written against one-api and new-api.',
  'explorer.about.summarizeTokens':
    'Counts per status and the quota left on limited tokens, over the tokens a list with the same `keyword` and `token` would show.',
  'explorer.about.getToken': 'One token, its key masked.',
  'explorer.about.createToken':
    'The new token, with its whole key: the one answer besides a reveal that holds it. Left-out fields take their defaults; unknown fields are ignored.',
  'explorer.about.updateToken':
    'Fields left out keep their values. Switching on a token that is past its expiry, or limited with no quota left, is refused until that is changed. With `status_only=true`, only `id` and `status` are read.',
  'explorer.about.deleteToken': 'The id of the deleted token. Ids are never reused.',
  'explorer.about.deleteTokens':
    'Deletes 1 to 100 tokens at once; answers how many existed and were deleted.',
  'explorer.about.revealTokenKey':
    'The whole key of one token. A POST, so that it stays out of caches, prefetching and browser history.',
  'explorer.about.rotateTokenKey':
    'A new whole key for the token, shown this once (and by reveal). The previous key still verifies as the same token until `previous_key_valid_until` (now + `grace_seconds`, at most 7 days); rotating again ends the older key at once.',
  'explorer.about.verifyToken':
    "A gateway's call for each request it serves: may this key pass, and if so, charge `cost` units, all or nothing. Always 200 for a well-formed call; `code` says why a key may not pass, the first of the checks in the order listed that fails.",
  'explorer.about.reportUsage':
    'Settles what a request really cost once it is known: adds `quota` to `used_quota` and takes it from `remain_quota`, which stops at 0, also on disabled and expired tokens. The same `request_id` for the same token within 24 hours is counted once (`duplicate: true`).',
  'explorer.about.getTokenUsage':
    'Requests, quota charged and denied verifies of one token per hour or day, every bucket of the range (UTC), by model, and totals. Default: the last 7 days.',
  'explorer.about.getUsage':
    'The same figures for the whole gateway (verifies of unknown keys count as denied, NOT_FOUND), with the 10 tokens that spent most in the range.',
  'explorer.about.getOptions':
    'The settings the dashboard shows, as strings: `QuotaPerUnit` and `DisplayInCurrencyEnabled`.',
  'explorer.about.setOption': 'Sets one option; answers with every option as now kept.',
  'explorer.about.getStatus': 'The version and how quota is shown. Open without the admin key.',
  'explorer.about.getHealth':
    'For load balancers: 200 while the service can serve, 503 while its database does not answer.',
  'explorer.about.getOpenApiDocument':
    'This API as an OpenAPI 3.1 document, made from the same schemas the service validates with. Open without the admin key.',
  'explorer.liteLlmTitle': 'LiteLLM shares none of this service’s routes',
  'explorer.liteLlmBody':
    'LiteLLM keeps its keys under /key (list, generate, update, delete), in shapes of its own, so none of this service’s operations can be sent to it from here. The dashboard calls them for you; the proxy’s own API page (/docs) describes them.',
} as const;

export const explorerTexts = textSection('explorer', enExplorer, {
  'zh-CN': () => import('./zh-CN-explorer').then((module) => module.zhCNExplorer),
});
