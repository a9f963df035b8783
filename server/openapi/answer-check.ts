import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from './document';

/**
 * Holds the service's answers to its OpenAPI document, for the route tests: every answer they
 * receive must be one the document lists for its route and status, in the documented shape.
 * Answers of routes the document does not have (an unknown path, a method the path lacks) must
 * be the failure envelope.
 */

const DOCUMENT_ID = 'tokendesk-openapi';

interface DocumentedRoute {
  method: string;
  pattern: RegExp;
  /** The path as the document writes it, for pointers and messages. */
  path: string;
  /** The media types the document lists for each status. */
  answers: Map<string, string[]>;
}

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** "/api/token/{id}" matches /api/token/7 and /api/token/7/, as the service does. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .replace(/\/$/, '')
      .replace(/[.]/g, '\\.')
      .replace(/\{\w+\}/g, '[^/]+')}/?$`,
  );

let state:
  { ajv: Ajv2020; routes: DocumentedRoute[]; compiled: Map<string, ValidateFunction> } | undefined;

function prepared() {
  if (state) return state;
  const document = openApiDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const routes: DocumentedRoute[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const { responses } = operation as {
        responses: Record<string, { content?: Record<string, unknown> }>;
      };
      routes.push({
        method: method.toUpperCase(),
        pattern: patternOf(path),
        path,
        answers: new Map(
          Object.entries(responses).map(([status, r]) => [status, Object.keys(r.content ?? {})]),
        ),
      });
    }
  }
  state = { ajv, routes, compiled: new Map() };
  return state;
}

function validator(ref: string): ValidateFunction {
  const { ajv, compiled } = prepared();
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${ref}` });
    compiled.set(ref, validate);
  }
  return validate;
}

const FAILURE_REF = '/components/schemas/Failure';

/** The answer's body, checked against the schema at `ref`; an error that says where it differs. */
function checkBody(label: string, ref: string, body: unknown): void {
  const validate = validator(ref);
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .map((error) => `${error.instancePath || '(root)'} ${error.message}`)
      .join('; ');
    throw new Error(`${label}: the answer is not as the document says: ${problems}`);
  }
}

/** The JSON of the answer, decoded first when compress() encoded it. */
async function bodyOf(response: Response): Promise<unknown> {
  const encoding = response.headers.get('content-encoding');
  if (!encoding || !response.body) return response.json();
  const decoded = response.body.pipeThrough(new DecompressionStream(encoding as CompressionFormat));
  return new Response(decoded).json();
}

/** Whether the service's router would take this path to one of the document's routes. */
function isServicePath(path: string): boolean {
  return path === '/healthz' || path === '/healthz/' || path.startsWith('/api/');
}

export async function checkAnswer(method: string, url: string, response: Response): Promise<void> {
  const path = new URL(url, 'http://service').pathname;
  // OPTIONS is CORS preflight, answered before any route; HEAD is GET without a body.
  if (method === 'OPTIONS' || method === 'HEAD' || !isServicePath(path)) return;
  const label = `${method} ${path} → ${response.status}`;
  // A path written out (/api/token/batch) is taken before a template (/api/token/{id}).
  const matching = prepared().routes.filter((r) => r.pattern.test(path));
  const written = matching.filter((r) => !r.path.includes('{'));
  const candidates = written.length > 0 ? written : matching;
  const route = candidates.find((r) => r.method === method);
  if (!route) {
    checkBody(label, FAILURE_REF, await bodyOf(response));
    return;
  }
  const status = String(response.status);
  const media = route.answers.get(status);
  if (!media) {
    const listed = [...route.answers.keys()].join(', ');
    throw new Error(`${label}: the document lists ${listed} for ${method} ${route.path}`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!media.includes(type)) {
    throw new Error(
      `${label}: answered ${type || 'no type'}; the document lists ${media.join(', ')}`,
    );
  }
  if (type !== 'application/json') return;
  const schema = pointer('', 'paths', route.path, method.toLowerCase(), 'responses', status);
  checkBody(
    label,
    `${schema}/content/${pointer('application/json')}/schema`,
    await bodyOf(response),
  );
}
