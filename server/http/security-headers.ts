import type { MiddlewareHandler } from 'hono';
import { secureHeaders, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers';
import type { AppContext } from './types';

/**
 * The dashboard loads everything from its own origin. Proxy mode, where the browser talks to
 * another gateway, passes that origin in `extraConnectSrc`.
 */
function policy<Source>(extraConnectSrc: readonly string[], scriptSrc: Source) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [scriptSrc],
    // Mantine injects style attributes and <style> elements at runtime.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...extraConnectSrc],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Scripts from the service's own origin, and on the dashboard's page its first script, written
 * into the page (dashboard.ts names it by its hash): nothing else inline runs.
 */
const pageScriptSources: ContentSecurityPolicyOptionHandler = (c: AppContext) =>
  ["'self'", ...(c.get('pageScripts') ?? [])].join(' ');

const REFERRER_POLICY = 'no-referrer';
const CONTENT_TYPE_OPTIONS = 'nosniff';

/** The policy as the header's text, for the answers node-server.ts makes without Hono. */
export function contentSecurityPolicy(extraConnectSrc: readonly string[] = []): string {
  return Object.entries(policy(extraConnectSrc, "'self'"))
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values])
    .map((words) => words.join(' '))
    .join('; ');
}

/** The headers securityHeaders() sets, for the answers node-server.ts makes without Hono. */
export function securityHeaderValues(
  extraConnectSrc: readonly string[] = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(extraConnectSrc),
    'X-Content-Type-Options': CONTENT_TYPE_OPTIONS,
    'Referrer-Policy': REFERRER_POLICY,
  };
}

/**
 * Hono's secureHeaders with the service's policy and these three headers only: frame-ancestors
 * already does X-Frame-Options' work, and HSTS is for whoever terminates TLS to decide.
 */
export function securityHeaders(extraConnectSrc: readonly string[] = []): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: policy(extraConnectSrc, pageScriptSources),
    xContentTypeOptions: CONTENT_TYPE_OPTIONS,
    referrerPolicy: REFERRER_POLICY,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    removePoweredBy: false,
  });
}
