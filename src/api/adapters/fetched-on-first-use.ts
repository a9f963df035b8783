/**
 * An adapter's code, fetched the first time it is called for and kept: the signed-in app of every
 * other kind of server carries none of it. A failed fetch (the network, a new deploy) is tried
 * again by the next call.
 */
export function fetchedOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
