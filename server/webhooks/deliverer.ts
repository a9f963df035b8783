import { performance } from 'node:perf_hooks';
import { DEFAULT_QUOTA_PER_UNIT } from '../../src/contract/status';
import type { ClockPort } from '../store/ports/clock';
import type { OptionPort } from '../store/ports/options';
import type { WebhookOutboxPort } from '../store/ports/webhooks';
import type { DeliveryJob } from '../store/webhook-job';
import type { AttemptResult } from '../store/webhook-record';
import { WebhookSender } from './send';
import type { QuotaWords } from './slack-text';

export interface DelivererOptions {
  store: WebhookOutboxPort & Pick<OptionPort, 'getOptions'> & ClockPort;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  /** Waits after each failure, seconds; the contract's schedule by default. */
  retrySchedule?: readonly number[];
  /** How often it looks for deliveries due. */
  pollMs?: number;
  /** How often it looks for expiring and expired tokens and due refills. */
  lookMs?: number;
  /** Deliveries in flight at most. */
  concurrency?: number;
  /** How many requests the service has taken so far: deliveries yield while they keep coming. */
  requestsTaken?: () => number;
  timeoutMs?: number;
}

const POLL_MS = 500;
const LOOK_MS = 60_000;
const CONCURRENCY = 64;
/**
 * Attempts are recorded together, a transaction for many (each commit waits for the disk): when
 * this many have come back, or this long after the first of them.
 */
const RECORD_BATCH = 32;
const RECORD_WAIT_MS = 50;
/**
 * While requests came in over the last poll and kept the event loop this busy, they come first:
 * BUSY_CONCURRENCY deliveries in flight at most, and the backlog is sent once the load eases.
 */
const BUSY_UTILIZATION = 0.8;
const BUSY_CONCURRENCY = 4;
/** On stop, deliveries in flight get this long to finish and be recorded. */
const DRAIN_MS = 2_000;

/**
 * Sends webhooks in the background, in every instance: requests write events and deliveries in
 * their own transactions (the outbox) and never wait for a receiver. It claims what is due,
 * sends up to `concurrency` at once, and records what each attempt came to in batches, one
 * transaction each. What it had claimed when killed is claimed again once the lease runs out.
 * Once a minute it makes the time-driven events (../store/ports/webhooks.ts).
 */
export class WebhookDeliverer {
  private readonly sender: WebhookSender;
  private readonly inFlight = new Set<Promise<void>>();
  private results: AttemptResult[] = [];
  private recording: Promise<void> | null = null;
  private claiming = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private recordTimer: NodeJS.Timeout | null = null;
  private utilization = performance.eventLoopUtilization();
  private requests = 0;
  private busy = false;

  constructor(private readonly options: DelivererOptions) {
    this.sender = new WebhookSender({
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
      now: () => options.store.now(),
    });
  }

  start(): this {
    const poll = setInterval(() => {
      this.busy = this.requestsKeepBusy();
      void this.claim();
    }, this.options.pollMs ?? POLL_MS);
    const look = setInterval(() => void this.look(), this.options.lookMs ?? LOOK_MS);
    for (const timer of [poll, look]) timer.unref();
    this.timers = [poll, look];
    void this.look();
    void this.claim();
    return this;
  }

  /** Looks for deliveries due now rather than at the next poll. */
  wake(): void {
    void this.claim();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.race([
      Promise.all(this.inFlight),
      new Promise((done) => setTimeout(done, DRAIN_MS).unref()),
    ]);
    await this.record();
    await this.sender.close();
  }

  private async look(): Promise<void> {
    try {
      await this.options.store.lookForTimedEvents(this.options.store.now());
    } catch (error) {
      console.error('webhooks: the periodic look failed:', (error as Error).message);
    }
  }

  /** Whether requests came in since the last poll and the event loop was busy meanwhile. */
  private requestsKeepBusy(): boolean {
    const now = performance.eventLoopUtilization();
    const busy =
      performance.eventLoopUtilization(now, this.utilization).utilization > BUSY_UTILIZATION;
    this.utilization = now;
    const requests = this.options.requestsTaken?.() ?? 0;
    const came = requests > this.requests;
    this.requests = requests;
    return busy && came;
  }

  private concurrency(): number {
    const most = this.options.concurrency ?? CONCURRENCY;
    return this.busy ? Math.min(most, BUSY_CONCURRENCY) : most;
  }

  private async claim(): Promise<void> {
    if (this.claiming || this.stopped) return;
    this.claiming = true;
    try {
      const concurrency = this.concurrency();
      for (;;) {
        const room = concurrency - this.inFlight.size;
        if (room <= 0 || this.stopped) break;
        const jobs = await this.options.store.claimDeliveries(this.options.store.now(), room);
        if (jobs.length === 0) break;
        const words = await this.quotaWords();
        for (const job of jobs) this.send(job, words);
        if (jobs.length < room) break;
      }
    } catch (error) {
      console.error('webhooks: claiming deliveries failed:', (error as Error).message);
    } finally {
      this.claiming = false;
    }
  }

  private send(job: DeliveryJob, words: QuotaWords): void {
    const sent = this.sender.send(job, words).then((result) => {
      this.results.push(result);
      if (this.results.length >= RECORD_BATCH) void this.record();
      else this.recordTimer ??= setTimeout(() => void this.record(), RECORD_WAIT_MS);
    });
    this.inFlight.add(sent);
    void sent.finally(() => {
      this.inFlight.delete(sent);
      // Half the room free: what is due need not wait for the next poll, and a claim (a write)
      // takes many deliveries rather than one each.
      if (this.inFlight.size <= this.concurrency() / 2) void this.claim();
    });
  }

  /** Writes the results gathered so far, a batch per transaction, one batch at a time. */
  private record(): Promise<void> {
    if (this.recordTimer) clearTimeout(this.recordTimer);
    this.recordTimer = null;
    this.recording ??= (async () => {
      while (this.results.length > 0) {
        const batch = this.results;
        this.results = [];
        try {
          await this.options.store.recordAttempts(batch, this.options.retrySchedule);
        } catch (error) {
          // Their leases run out and they are sent again: at least once.
          console.error('webhooks: recording attempts failed:', (error as Error).message);
        }
      }
    })().finally(() => {
      this.recording = null;
    });
    return this.recording;
  }

  private async quotaWords(): Promise<QuotaWords> {
    const options = new Map(
      (await this.options.store.getOptions()).map((option) => [option.key, option.value]),
    );
    return {
      quotaPerUnit: Number(options.get('QuotaPerUnit') ?? DEFAULT_QUOTA_PER_UNIT),
      inCurrency: options.get('DisplayInCurrencyEnabled') !== 'false',
    };
  }
}
