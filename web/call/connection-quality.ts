export type ConnectionQuality = 'good' | 'fair' | 'poor';

/** The state of a call's media link in one reading of its WebRTC statistics. */
export interface LinkReading {
  /** Round trip on the ICE candidate pair in use, in ms. */
  rttMs: number | null;
  /** Packets lost since the previous reading, the worse of either direction, in percent. */
  lossPercent: number | null;
  /** The bandwidth estimate of the connection that sends our video, in kbps. */
  availableKbps: number | null;
}

interface Limits {
  rttMs: number;
  lossPercent: number;
  availableKbps: number;
}

/** Beyond 'fair' a call stutters now and then; beyond 'poor' speech breaks up and video freezes. */
const LIMITS: Record<Exclude<ConnectionQuality, 'good'>, Limits> = {
  fair: { rttMs: 300, lossPercent: 3, availableKbps: 300 },
  poor: { rttMs: 600, lossPercent: 10, availableKbps: 100 },
};

/** Good, fair or poor by the worst of round trip, loss and bandwidth; null when the reading holds nothing. */
export function rateLink(reading: LinkReading): ConnectionQuality | null {
  const { rttMs, lossPercent, availableKbps } = reading;
  if (rttMs === null && lossPercent === null && availableKbps === null) return null;
  const beyond = (limits: Limits) =>
    (rttMs ?? 0) > limits.rttMs || (lossPercent ?? 0) > limits.lossPercent || (availableKbps ?? Infinity) < limits.availableKbps;
  if (beyond(LIMITS.poor)) return 'poor';
  return beyond(LIMITS.fair) ? 'fair' : 'good';
}

type StatsEntry = { id: string; type: string } & Record<string, unknown>;

const numberOf = (entry: StatsEntry | undefined, key: string): number | null => {
  const value = entry?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

const worst = (values: Array<number | null>, pick: (...n: number[]) => number): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? pick(...known) : null;
};

/** The candidate pairs a peer connection is using: the transports' selected pairs, else the nominated ones. */
function pairsInUse(entries: StatsEntry[]): StatsEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const selected = entries
    .filter((entry) => entry.type === 'transport' && typeof entry.selectedCandidatePairId === 'string')
    .map((entry) => byId.get(entry.selectedCandidatePairId as string))
    .filter((entry): entry is StatsEntry => Boolean(entry));
  return selected.length ? selected : entries.filter((entry) => entry.type === 'candidate-pair' && entry.nominated && entry.state === 'succeeded');
}

/**
 * Reads the statistics of a call's peer connections (one peer-to-peer, two through the SFU) into
 * link readings. Incoming loss counts from one reading to the next; outgoing loss is what the other
 * end last reported (RTCP).
 */
export class LinkMeter {
  private counted: { received: number; lost: number } | null = null;

  read(reports: RTCStatsReport[]): LinkReading {
    const rtts: Array<number | null> = [];
    const bandwidths: Array<number | null> = [];
    const outgoingLoss: Array<number | null> = [];
    let received = 0;
    let lost = 0;
    for (const report of reports) {
      const entries = [...report.values()] as StatsEntry[];
      const pairs = pairsInUse(entries);
      const sendsVideo = entries.some((entry) => entry.type === 'outbound-rtp' && entry.kind === 'video');
      for (const pair of pairs) {
        const rtt = numberOf(pair, 'currentRoundTripTime');
        rtts.push(rtt === null ? null : rtt * 1000);
        const available = numberOf(pair, 'availableOutgoingBitrate');
        if (sendsVideo) bandwidths.push(available === null ? null : available / 1000);
      }
      for (const entry of entries) {
        if (entry.type === 'inbound-rtp') {
          received += numberOf(entry, 'packetsReceived') ?? 0;
          lost += Math.max(0, numberOf(entry, 'packetsLost') ?? 0);
        }
        if (entry.type === 'remote-inbound-rtp') {
          const fraction = numberOf(entry, 'fractionLost');
          outgoingLoss.push(fraction === null ? null : fraction * 100);
        }
      }
    }
    return { rttMs: worst(rtts, Math.max), lossPercent: worst([this.incomingLoss(received, lost), ...outgoingLoss], Math.max), availableKbps: worst(bandwidths, Math.min) };
  }

  /** Loss since the previous reading; none after a rebuilt link (its counters start again from zero). */
  private incomingLoss(received: number, lost: number): number | null {
    const previous = this.counted;
    this.counted = { received, lost };
    if (!previous || received < previous.received || lost < previous.lost) return null;
    const newlyLost = lost - previous.lost;
    const expected = received - previous.received + newlyLost;
    return expected > 0 ? (100 * newlyLost) / expected : null;
  }
}
