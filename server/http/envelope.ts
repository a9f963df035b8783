import type { Envelope } from '../../src/contract/envelope';

/** The envelope of a success: handlers answer `c.json(ok(data))`. */
export function ok<T>(data: T): Envelope<T> {
  return { success: true, message: '', data };
}

/** ok() as JSON text, around data that is JSON text already (a page as the store makes it). */
export function okJsonText(dataJson: string): string {
  return `{"success":true,"message":"","data":${dataJson}}`;
}

/** The envelope of a failure: a message a person can act on, no data. */
export function failure(message: string): Envelope<null> {
  return { success: false, message, data: null };
}
