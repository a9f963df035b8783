import { liteLlmFailureSchema } from '../contract/litellm-failure';

/** Python's escapes in a str's repr, back to the characters they stand for. */
const PYTHON_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r' };
const unescapePython = (text: string) =>
  text.replace(/\\(x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|.)/gs, (_all, escape: string) =>
    /^[xuU]./.test(escape)
      ? String.fromCodePoint(Number.parseInt(escape.slice(1), 16))
      : (PYTHON_ESCAPES[escape] ?? escape),
  );

/** Each `'name': 'text'` of a Python dict's repr; a text is in "" where it holds a '. */
const PYTHON_ENTRY = /'(\w+)'\s*:\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/gs;
const WORD_KEYS = ['error', 'message', 'msg', 'detail'];

/**
 * LiteLLM turns an error raised as a dict into text with Python's str(), so a message may read
 * `{'error': 'max_budget cannot be negative. Received: -1.0'}`: the words inside are the
 * message. Any other text is the message as it is.
 */
export function unwrapPythonDict(message: string): string {
  const trimmed = message.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return message;
  const entries = new Map<string, string>();
  for (const [, name, single, double] of trimmed.matchAll(PYTHON_ENTRY)) {
    if (name && !entries.has(name)) entries.set(name, unescapePython(single ?? double ?? ''));
  }
  const key = WORD_KEYS.find((word) => entries.has(word)) ?? [...entries.keys()][0];
  return key === undefined ? message : (entries.get(key) ?? message);
}

/** FastAPI's `loc` of a problem: where it was (body, query) left out, the field's path kept. */
const fieldOf = (loc: ReadonlyArray<string | number> = []) =>
  (['body', 'query', 'path', 'header'].includes(String(loc[0])) ? loc.slice(1) : loc).join('.');

/**
 * The words of a LiteLLM refusal: OpenAI's `error.message` (a Python dict's unwrapped), FastAPI's
 * `detail`, or its problems with a request (422) as "field: problem", one after another. Empty
 * when the answer says nothing readable.
 */
export function liteLlmMessage(body: unknown): string {
  const parsed = liteLlmFailureSchema.safeParse(body);
  if (!parsed.success) return '';
  if ('error' in parsed.data) {
    const { message } = parsed.data.error;
    return typeof message === 'string' ? unwrapPythonDict(message) : '';
  }
  const { detail } = parsed.data;
  if (typeof detail === 'string') return unwrapPythonDict(detail);
  if (!Array.isArray(detail)) return detail.error;
  return [
    ...new Set(
      detail.map((problem) => {
        const field = fieldOf(problem.loc);
        return field ? `${field}: ${problem.msg}` : problem.msg;
      }),
    ),
  ].join('; ');
}
