import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useBackend } from '../api/backend-context';
import type { StatusInfo } from '../contract/status';
import { QuotaProvider } from '../components/quota';
import { serverStatusQuery } from '../features/settings/api/server-status';

/** Figures in the server's own quota ratio, once its status has been read. */
export function ServerQuota({
  server,
  known = null,
  children,
}: {
  server: string;
  /** The status the connect step was just told, which is not asked for again. */
  known?: StatusInfo | null;
  children: ReactNode;
}) {
  const backend = useBackend();
  const status = useQuery({ ...serverStatusQuery(backend), initialData: known ?? undefined });
  // A server that keeps no ratio (LiteLLM counts in USD) has the default, or this browser's.
  const keepsRatio = !backend.unavailable.includes('quota-ratio');
  return (
    <QuotaProvider
      server={server}
      serverRatio={keepsRatio ? status.data?.quota_per_unit : undefined}
    >
      {children}
    </QuotaProvider>
  );
}
