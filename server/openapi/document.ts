import { ADMIN_ROLES, may } from '../../src/contract/admin-key';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { failureEnvelopeSchema, successEnvelopeSchema } from '../../src/contract/envelope';
import {
  FAILURE_MEANINGS,
  type Operation,
  type OperationExample,
  type Resource,
} from '../../src/contract/operation';
import { OPERATIONS } from '../../src/contract/operations';
import { SERVICE_VERSION } from '../version';
import { curlFor } from './code-sample';

export type OpenApiDocument = ReturnType<typeof createDocument>;

const SECURITY_SCHEME = 'adminKey';

const TAGS: Record<Resource, { name: string; description: string }> = {
  tokens: {
    name: 'Tokens',
    description: 'The API keys of the gateway: list, search, create, update, delete, reveal.',
  },
  models: {
    name: 'Models',
    description:
      "What the gateway at /v1 forwards to: each model's upstream, prices in USD per 1M tokens and defaults.",
  },
  webhooks: {
    name: 'Webhooks',
    description:
      'Where events about tokens are sent (signed, retried for 3 days), what was sent, and each token’s events.',
  },
  settings: { name: 'Settings', description: 'How quota is converted to and shown as USD.' },
  admin: {
    name: 'Admin keys and audit',
    description:
      'Admin keys with roles (owner, operator, viewer, gateway), and the record of every change and reveal.',
  },
  service: { name: 'Service', description: 'What the service is, whether it can serve, this API.' },
};

const DESCRIPTION = [
  'The token service of Tokendesk: the API keys of an LLM gateway, with quota in units (500,000 units are 1 USD by default).',
  '',
  'Every answer under `/api`, except this document and its reference page, is JSON in the envelope `{ "success": true|false, "message": "", "data": ... }`. On failure `message` says what to fix and the status tells the class. A failure changes no stored data; every acknowledged write is on disk.',
  '',
  'Routes behind the admin key need `Authorization: Bearer <admin key>`: ADMIN_KEY, the owner, or a key it made. Each route names the permission it needs; a key whose role lacks it gets 403, with nothing changed. After 10 wrong or missing keys within a minute, further wrong keys from that address get 429 until the minute has passed; the right key always passes.',
].join('\n');

function successContent(operation: Operation) {
  const { answer } = operation;
  switch (answer.kind) {
    case 'envelope':
      return {
        description: 'The envelope with `success: true` and the answer in `data`.',
        content: { 'application/json': { schema: successEnvelopeSchema(answer.data) } },
      };
    case 'json':
      return {
        description: answer.description,
        content: { 'application/json': { schema: answer.schema } },
      };
    case 'html':
      return { description: answer.description, content: { 'text/html': { schema: z.string() } } };
  }
}

function responsesFor(operation: Operation): ZodOpenApiResponsesObject {
  const responses: Record<number, unknown> = { 200: successContent(operation) };
  for (const status of operation.failures) {
    responses[status] = {
      description: FAILURE_MEANINGS[status],
      content: { 'application/json': { schema: failureEnvelopeSchema } },
      ...(status === 429
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds until this address may try again.',
                schema: { type: 'integer', minimum: 1 },
              },
            },
          }
        : {}),
    };
  }
  return responses as ZodOpenApiResponsesObject;
}

const exampleName = (example: OperationExample) => example.title.replace(/\W+/g, '-');

/** The roles whose keys may call an operation, as its description says them. */
function rolesAllowed(operation: Operation): string {
  const { permission } = operation;
  if (permission === undefined) return 'every role';
  return ADMIN_ROLES.filter((role) => may(role, permission)).join(', ');
}

function operationObject(operation: Operation): ZodOpenApiOperationObject {
  const [first] = operation.examples;
  return {
    operationId: operation.id,
    tags: [TAGS[operation.resource].name],
    summary: operation.summary,
    description: operation.auth
      ? `${operation.description}\n\nAdmin keys that may call it: ${rolesAllowed(operation)}.`
      : operation.description,
    security: operation.auth ? [{ [SECURITY_SCHEME]: [] }] : [],
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
    },
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: operation.body,
                examples: Object.fromEntries(
                  operation.examples.map((example) => [
                    exampleName(example),
                    { summary: example.title, value: example.body },
                  ]),
                ),
              },
            },
          },
        }
      : {}),
    responses: responsesFor(operation),
    // Parameter examples are set on the parameters once made (exampleParameters).
    'x-example-parameters': { ...first.path, ...first.query },
    'x-codeSamples': operation.examples.map((example) => ({
      lang: 'Shell',
      label: example.title,
      source: curlFor(operation, example),
    })),
  };
}

type MadeOperation = {
  parameters?: { name: string; example?: unknown; schema?: { type?: string } }[];
  'x-example-parameters'?: Record<string, string>;
};

/**
 * Each parameter gets the value of the operation's first example, so a generated client's docs
 * and the reference page show a request that works.
 */
function exampleParameters(document: OpenApiDocument): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const made of Object.values(item as Record<string, MadeOperation>)) {
      const values = made['x-example-parameters'];
      delete made['x-example-parameters'];
      for (const parameter of made.parameters ?? []) {
        const value = values?.[parameter.name];
        if (value === undefined) continue;
        parameter.example = parameter.schema?.type === 'integer' ? Number(value) : value;
      }
    }
  }
}

function build(): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase() as 'get'] = operationObject(operation);
  }
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Tokendesk',
      version: SERVICE_VERSION,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: Object.values(TAGS),
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An admin key: ADMIN_KEY (or the key the service made on first start), the owner, or a key the owner made with a role (owner, operator, viewer, gateway).',
        },
      },
    },
  });
  exampleParameters(document);
  return document;
}

let made: OpenApiDocument | undefined;

/** The document, made on first use: the operations do not change while the service runs. */
export function openApiDocument(): OpenApiDocument {
  made ??= build();
  return made;
}
