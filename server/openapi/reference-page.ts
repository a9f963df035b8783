import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { OpenApiDocument } from './document';
import { REFERENCE_STYLE } from './reference-style';
import { refName, rulesText, typeText, type JsonSchema } from './schema-text';

/**
 * Boxes that scroll sideways (wide tables, code) take the keyboard focus, so that they can be
 * scrolled without a pointer.
 *
 * The API reference as one page of HTML made from the OpenAPI document: no script, nothing from
 * another origin, so it reads the same offline, under the service's Content-Security-Policy and
 * with JavaScript off.
 */

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema: JsonSchema;
}

interface MediaType {
  schema?: JsonSchema;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

interface Response {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { description?: string }>;
}

interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
  'x-codeSamples'?: { label: string; source: string }[];
}

interface Route {
  method: string;
  path: string;
  operation: OperationObject;
}

/** `code` in the document's descriptions, the one markup they use. */
function prose(text: string | undefined): Html {
  const parts = (text ?? '').split(/`([^`]*)`/);
  return html`${parts.map((part, i) => (i % 2 ? html`<code>${part}</code>` : html`${part}`))}`;
}

function paragraphs(text: string): Html {
  return html`${text
    .split(/\n\s*\n/)
    .filter(Boolean)
    .map((paragraph) => html`<p>${prose(paragraph)}</p>`)}`;
}

function typeCell(schema: JsonSchema): Html {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (schema.$ref)
    return html`<a href="#schema-${refName(schema.$ref)}">${refName(schema.$ref)}</a>`;
  if (schema.type === 'array' && schema.items?.$ref) {
    return html`array of ${typeCell(schema.items)}`;
  }
  if (alternatives?.some((s) => s.$ref)) {
    return html`${alternatives.map((s, i) => html`${i ? ' or ' : ''}${typeCell(s)}`)}`;
  }
  return html`<code>${typeText(schema)}</code>`;
}

/** A table whose rows are named in their first cell: a field, a parameter. */
function namedRows(
  caption: string,
  columns: string[],
  rows: { name: Html; cells: Html[] }[],
): Html {
  return html`<div class="scroll" tabindex="0">
    <table>
      <caption>
        ${caption}
      </caption>
      <thead>
        <tr>
          ${columns.map((column) => html`<th scope="col">${column}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              <th scope="row">${row.name}</th>
              ${row.cells.map((cell) => html`<td>${cell}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

const named = (name: string, required: boolean | undefined) =>
  html`<code>${name}</code>${required ? ' (required)' : ''}`;

function fieldsTable(schema: JsonSchema, caption: string): Html {
  const required = new Set(schema.required ?? []);
  return namedRows(
    caption,
    ['Field', 'Type', 'Rules', 'Meaning'],
    Object.entries(schema.properties ?? {}).map(([name, field]) => ({
      name: named(name, required.has(name)),
      cells: [typeCell(field), html`${rulesText(field)}`, prose(field.description)],
    })),
  );
}

/** An object's fields as a table; a union as one table per shape; anything else as its type. */
function schemaBlock(schema: JsonSchema, caption: string): Html {
  if (schema.properties) return fieldsTable(schema, caption);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.every((s) => s.properties)) {
    return html`<p>One of:</p>
      ${alternatives.map((s, i) => fieldsTable(s, `${caption}, shape ${i + 1}`))}`;
  }
  return html`<p>${caption}: ${typeCell(schema)}</p>`;
}

function parametersBlock(operation: OperationObject): Html {
  const parameters = operation.parameters ?? [];
  if (parameters.length === 0) return html``;
  return html`<h4>Parameters</h4>
    ${namedRows(
      'Parameters',
      ['Name', 'In', 'Type', 'Rules', 'Meaning'],
      parameters.map((p) => ({
        name: named(p.name, p.required),
        cells: [
          html`${p.in}`,
          typeCell(p.schema),
          html`${rulesText(p.schema)}`,
          html`${prose(p.description ?? p.schema.description)}${
            p.example === undefined ? '' : html` Example: <code>${String(p.example)}</code>.`
          }`,
        ],
      })),
    )}`;
}

function bodyBlock(operation: OperationObject): Html {
  const media = operation.requestBody?.content['application/json'];
  if (!media?.schema) return html``;
  return html`<h4>Body (JSON)</h4>
    ${schemaBlock(media.schema, 'Body fields')}
    ${Object.values(media.examples ?? {}).map(
      (example) =>
        html`<p class="label">Example: ${example.summary}</p>
          <pre tabindex="0"><code>${JSON.stringify(example.value, null, 2)}</code></pre>`,
    )}`;
}

function dataSchema(response: Response): JsonSchema | undefined {
  const schema = response.content?.['application/json']?.schema;
  return schema?.properties?.data ?? schema;
}

function responsesBlock(operation: OperationObject): Html {
  return html`<h4>Answers</h4>
    <dl class="answers">
      ${Object.entries(operation.responses).map(([status, response]) => {
        const ok = status.startsWith('2');
        const data = ok ? dataSchema(response) : undefined;
        return html`<dt><span class="status ${ok ? 'ok' : 'fail'}">${status}</span></dt>
          <dd>
            ${prose(response.description)}
            ${Object.entries(response.headers ?? {}).map(
              ([name, header]) => html` Header <code>${name}</code>: ${header.description}`,
            )}
            ${
              data && response.content?.['application/json']
                ? html`<div>${schemaBlock(data, 'data')}</div>`
                : ''
            }
          </dd>`;
      })}
    </dl>`;
}

function operationSection({ method, path, operation }: Route): Html {
  const open = operation.security.length === 0;
  return html`<section
    class="operation"
    id="${operation.operationId}"
    aria-labelledby="${operation.operationId}-title"
  >
    <h3 id="${operation.operationId}-title">${operation.summary}</h3>
    <p class="route">
      <span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code>
      <span class="auth">${open ? 'open, no key' : 'admin key'}</span>
    </p>
    <p>${prose(operation.description)}</p>
    ${parametersBlock(operation)} ${bodyBlock(operation)} ${responsesBlock(operation)}
    ${(operation['x-codeSamples'] ?? []).map(
      (sample) =>
        html`<p class="label">curl: ${sample.label}</p>
          <pre tabindex="0"><code>${sample.source}</code></pre>`,
    )}
  </section>`;
}

function routesOf(document: OpenApiDocument): Route[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OperationObject>).map(([method, operation]) => ({
      method,
      path,
      operation,
    })),
  );
}

export function referencePage(document: OpenApiDocument): Html {
  const routes = routesOf(document);
  const tags = document.tags ?? [];
  const schemas = Object.entries(
    (document.components?.schemas ?? {}) as Record<string, JsonSchema>,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${document.info.title} API reference</title>
        <style>
          ${raw(REFERENCE_STYLE)}
        </style>
      </head>
      <body>
        <header>
          <h1>${document.info.title} API reference</h1>
          <p class="version">
            Version ${document.info.version} ·
            <a href="/api/openapi.json">OpenAPI document (JSON)</a> · <a href="/">Dashboard</a>
          </p>
          ${paragraphs(document.info.description ?? '')}
        </header>
        <nav aria-label="Operations">
          ${tags.map(
            (tag) =>
              html`<h2>${tag.name}</h2>
                <ul>
                  ${routes
                    .filter((route) => route.operation.tags.includes(tag.name))
                    .map(
                      ({ method, path, operation }) =>
                        html`<li>
                          <a href="#${operation.operationId}">${operation.summary}</a>
                          <code>${method.toUpperCase()} ${path}</code>
                        </li>`,
                    )}
                </ul>`,
          )}
        </nav>
        <main>
          ${tags.map(
            (tag) =>
              html`<h2>${tag.name}</h2>
                <p>${prose(tag.description)}</p>
                ${routes.filter((route) => route.operation.tags.includes(tag.name)).map(operationSection)}`,
          )}
          <h2>Shapes</h2>
          ${schemas.map(
            ([name, schema]) =>
              html`<section id="schema-${name}" aria-labelledby="schema-${name}-title">
                <h3 id="schema-${name}-title">${name}</h3>
                ${schemaBlock(schema, name)}
              </section>`,
          )}
        </main>
      </body>
    </html>`;
}
