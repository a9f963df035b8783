import { resourceApp } from '../http/resource';
import type { App } from '../http/types';
import { openApiDocument } from '../openapi/document';
import { referencePage } from '../openapi/reference-page';

/** /api/openapi.json, open without the admin key: this API as an OpenAPI 3.1 document. */
export function openApiDocumentRoutes(): App {
  return resourceApp().get('/', (c) => c.json(openApiDocument()));
}

/** /api/docs, open without the admin key: the document as a page to read, made once. */
export function referenceRoutes(): App {
  let page: Promise<string> | undefined;
  return resourceApp().get('/', async (c) => {
    page ??= Promise.resolve(referencePage(openApiDocument())).then(String);
    return c.html(await page);
  });
}

/** Mounts both on an app: the service's, or the proxy's before it forwards /api. */
export function mountApiDescription(app: App): void {
  app.route('/api/openapi.json', openApiDocumentRoutes());
  app.route('/api/docs', referenceRoutes());
}
