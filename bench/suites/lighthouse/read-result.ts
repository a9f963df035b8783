import type { Result } from 'lighthouse';

type AuditResult = Result['audits'][string];

const EXAMPLES = 3;

const clip = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
};

const titled = (audit: AuditResult) =>
  `${audit.title.replace(/\.$/, '')}${audit.displayValue ? ` (${audit.displayValue})` : ''}`;

interface AuditedNode {
  nodeLabel?: string;
  selector?: string;
  snippet?: string;
}

/** A node's text, or for a node without text its markup less Mantine's hashed class names. */
const describeNode = (node: AuditedNode) =>
  node.nodeLabel && node.nodeLabel !== node.selector
    ? node.nodeLabel
    : (node.snippet ?? '').replace(/\s*\bm_[0-9a-f]+\b|\s*mantine-focus-auto/g, '');

/** The audits of a category that count toward its score and did not pass, worst first. */
function failing(lhr: Result, categoryId: string): AuditResult[] {
  return (lhr.categories[categoryId]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      return audit && audit.score !== null && audit.score < 1
        ? [{ audit, cost: ref.weight * (1 - (audit.score ?? 0)) }]
        : [];
    })
    .sort((a, b) => b.cost - a.cost)
    .map(({ audit }) => audit);
}

export function score(lhr: Result, categoryId: string): number {
  return Math.round((lhr.categories[categoryId]?.score ?? 0) * 100);
}

export function failingTitles(lhr: Result, categoryId: string): string[] {
  return failing(lhr, categoryId).map(titled);
}

/** Each failing audit with the elements or issues it found, so a reader knows what to fix. */
export function failingExplained(
  lhr: Result,
  categoryId: string,
  cspViolations: readonly string[],
): string[] {
  return failing(lhr, categoryId).map((audit) => {
    const items =
      (audit.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
    const examples = items.flatMap((item) => {
      const node = item.node as AuditedNode | undefined;
      if (node) return [clip(describeNode(node))];
      return typeof item.issueType === 'string' ? [item.issueType] : [];
    });
    const found = examples.length
      ? `: ${items.length} found, e.g. ${examples
          .slice(0, EXAMPLES)
          .map((example) => `“${example}”`)
          .join(', ')}`
      : '';
    const csp =
      audit.id === 'inspector-issues' && cspViolations.length
        ? ` (the page saw: ${cspViolations.map((violation) => `\`${violation}\``).join(', ')})`
        : '';
    return `${titled(audit)}${found}${csp}`;
  });
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

export function metrics(lhr: Result): string {
  return METRICS.flatMap((id) => {
    const metric = lhr.audits[id];
    return metric ? [`${metric.title} ${metric.displayValue ?? ''}`.trim()] : [];
  }).join(', ');
}

/** The largest paint's element and the script that costs the most main-thread time. */
export function whereTimeGoes(lhr: Result): string {
  type Nodes = { items?: Array<{ items?: Array<{ node?: { nodeLabel?: string } }> }> };
  type Scripts = { items?: Array<{ url: string; total: number }> };
  const lcp = (lhr.audits['largest-contentful-paint-element']?.details as Nodes | undefined)
    ?.items?.[0]?.items?.[0]?.node?.nodeLabel;
  const scripts = (lhr.audits['bootup-time']?.details as Scripts | undefined)?.items ?? [];
  const busiest = scripts.find((script) => /^https?:/.test(script.url));
  return [
    lcp ? `Largest paint: “${clip(lcp)}”.` : '',
    busiest
      ? `Script with the most main-thread time: ${new URL(busiest.url).pathname}, ${Math.round(busiest.total)} ms (with the preset’s CPU slowdown).`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The token list call Lighthouse saw during the audited load, if any. */
export function listCall(lhr: Result): { url: string; statusCode: number } | undefined {
  type Requests = { items?: Array<{ url: string; statusCode: number }> };
  const requests = (lhr.audits['network-requests']?.details as Requests | undefined)?.items ?? [];
  return requests.find((request) => new URL(request.url).pathname === '/api/token/');
}
