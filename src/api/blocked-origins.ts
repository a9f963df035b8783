/**
 * Origins the page's security policy refused to connect to. The browser fails such a fetch
 * exactly like an unreachable server; the violation event is the only way to tell them apart.
 */
const blocked = new Set<string>();

if (typeof document !== 'undefined') {
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective !== 'connect-src') return;
    try {
      blocked.add(new URL(event.blockedURI).origin);
    } catch {
      // Not an address: nothing to remember.
    }
  });
}

/** Whether a failed call to `url` was refused by the page's policy rather than the network. */
export async function blockedByPolicy(url: string): Promise<boolean> {
  // The violation is reported in a task of its own, after the fetch has failed.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return blocked.has(new URL(url).origin);
}
