import type { AdminKeyPort } from './ports/admin-keys';
import type { AuditPort } from './ports/audit';
import type { ClockPort } from './ports/clock';
import type { GatewayCalls } from './ports/gateway-calls';
import type { LifecyclePort } from './ports/lifecycle';
import type { ModelPort } from './ports/models';
import type { OptionPort } from './ports/options';
import type { TokenLoadingPort } from './ports/token-loading';
import type { TokenPort } from './ports/tokens';
import type { UsagePort } from './ports/usage';
import type { WebhookOutboxPort, WebhookPort } from './ports/webhooks';

/**
 * The storage engine behind the service: every port (ports/, one per resource), which each
 * engine implements whole. The app receives this; each route and consumer names only the ports
 * it uses. A new resource is a new port file there, added to this list.
 */
export type TokenStore = TokenPort &
  TokenLoadingPort &
  GatewayCalls &
  ModelPort &
  UsagePort &
  AdminKeyPort &
  AuditPort &
  OptionPort &
  WebhookPort &
  WebhookOutboxPort &
  ClockPort &
  LifecyclePort;
