import type { ReactNode } from 'react';
import { QuotaProvider } from '../components/quota';
import { useServerStatus } from '../features/settings/api/server-status';

/** Figures in the server's own quota ratio, once its status has been read. */
export function ServerQuota({ server, children }: { server: string; children: ReactNode }) {
  const status = useServerStatus();
  return (
    <QuotaProvider server={server} serverRatio={status.data?.quota_per_unit}>
      {children}
    </QuotaProvider>
  );
}
