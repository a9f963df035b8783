import { z } from 'zod';
import { describeIssues } from '../../contract/envelope';
import { fillPath, type HttpMethod, type Operation } from '../../contract/operation';
import type { ParamField, ParamLocation } from './param-fields';

/** What is wrong with the body: not JSON at all, or JSON the operation's schema refuses. */
export type BodyProblem = { kind: 'json'; detail: string } | { kind: 'schema'; message: string };

export interface DraftProblems {
  /** By parameter name: the schema's words for it. */
  fields: Record<string, string>;
  body: BodyProblem | null;
  /** Problems about no single parameter. */
  other: string[];
}

/** A request the operation's schemas accept, sent as typed. */
export interface PreparedRequest {
  method: HttpMethod;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Prepared =
  { ok: true; request: PreparedRequest } | { ok: false; problems: DraftProblems };

/** The values typed for one location; an empty field is not sent. */
function given(
  fields: readonly ParamField[],
  values: Record<string, string>,
  location: ParamLocation,
): Record<string, string> {
  return Object.fromEntries(
    fields
      .filter((field) => field.location === location && (values[field.name] ?? '') !== '')
      .map((field) => [field.name, values[field.name]!]),
  );
}

/** Sorts a schema's issues by the parameter each is about, in describeIssues' words. */
function sortIssues(error: z.ZodError, fields: readonly ParamField[], problems: DraftProblems) {
  const byField = new Map<string, z.ZodError['issues']>();
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    byField.set(name, [...(byField.get(name) ?? []), issue]);
  }
  for (const [name, issues] of byField) {
    const message = describeIssues(new z.ZodError(issues));
    if (fields.some((field) => field.name === name)) problems.fields[name] = message;
    else problems.other.push(message);
  }
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Checks what was typed with the operation's own schemas, the ones the service validates with,
 * and makes the request only when all of them accept it.
 */
export function prepareRequest(
  operation: Operation,
  fields: readonly ParamField[],
  values: Record<string, string>,
  bodyText: string,
): Prepared {
  const problems: DraftProblems = { fields: {}, body: null, other: [] };
  const path = given(fields, values, 'path');
  const query = given(fields, values, 'query');
  for (const [schema, input] of [
    [operation.params, path],
    [operation.query, query],
  ] as const) {
    const checked = schema?.safeParse(input);
    if (checked && !checked.success) sortIssues(checked.error, fields, problems);
  }
  let body: unknown;
  if (operation.body) {
    const parsed = parseBody(bodyText);
    if (!parsed.ok) {
      problems.body = { kind: 'json', detail: parsed.detail };
    } else {
      const checked = operation.body.safeParse(parsed.value);
      if (checked.success) body = parsed.value;
      else problems.body = { kind: 'schema', message: describeIssues(checked.error) };
    }
  }
  const failed = Object.keys(problems.fields).length > 0 || problems.body || problems.other.length;
  if (failed) return { ok: false, problems };
  return {
    ok: true,
    request: { method: operation.method, path: fillPath(operation.path, path), query, body },
  };
}
