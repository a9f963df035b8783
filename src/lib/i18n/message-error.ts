import { en, type CatalogueKey } from './en';
import { textIn } from './sections';
import { interpolate, type Params } from './translate';

/**
 * A failure of our own making, told in the catalogue's words: the screens show it in the
 * person's language; `message` holds the English text for logs and tests.
 */
export class MessageError extends Error {
  readonly key: CatalogueKey;
  readonly params: Params;

  constructor(key: CatalogueKey, params: Params = {}) {
    super(interpolate(textIn(en, 'en', key), params));
    this.name = 'MessageError';
    this.key = key;
    this.params = params;
  }
}
