import type { types } from 'mediasoup-client';

const CHECK_EVERY_MS = 1000;
/** Media that should be arriving but has not for this long counts as a dead link. */
const STALL_AFTER_MS = 3000;

type TransportHealth = 'flowing' | 'stalled' | 'gone';

/**
 * Watches one mediasoup-client transport by its WebRTC stats. A transport whose connection was closed
 * under it (its stats are gone) never says so through 'connectionstatechange'; neither does a path
 * that stops carrying packets while ICE still thinks it is up. `expectsMedia` tells whether packets
 * should be arriving now (a receiving transport with an unpaused consumer).
 */
export class TransportWatchdog {
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastBytes = -1;
  private lastProgressAt = Date.now();
  /** A transport has no transport stats until it first connects; after that, losing them means it is gone. */
  private seenConnected = false;

  constructor(
    private readonly transport: types.Transport,
    private readonly expectsMedia: () => boolean,
    private readonly onUnhealthy: (health: Exclude<TransportHealth, 'flowing'>) => void,
  ) {
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async check(): Promise<void> {
    if (this.transport.closed) return this.stop();
    let report: RTCStatsReport;
    try {
      report = await this.transport.getStats();
    } catch {
      return this.unhealthy('gone');
    }
    const transports = [...report.values()].filter((stat) => stat.type === 'transport');
    if (transports.some((stat) => stat.dtlsState === 'connected')) this.seenConnected = true;
    if (this.seenConnected && (!transports.length || transports.some((stat) => stat.dtlsState === 'closed'))) return this.unhealthy('gone');
    const bytes = transports.reduce((sum, stat) => sum + (stat.bytesReceived ?? 0), 0);
    const now = Date.now();
    if (bytes !== this.lastBytes || !this.expectsMedia()) {
      this.lastBytes = bytes;
      this.lastProgressAt = now;
      return;
    }
    if (now - this.lastProgressAt >= STALL_AFTER_MS) {
      this.lastProgressAt = now;
      this.onUnhealthy('stalled');
    }
  }

  private unhealthy(health: 'gone'): void {
    this.stop();
    this.onUnhealthy(health);
  }
}
