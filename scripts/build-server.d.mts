export const SERVER_ENTRY: string;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<void>;
export function ensureServerBuilt(): string;
