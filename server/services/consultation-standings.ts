import { Consultation } from '../../db/models';
import type { ConsultationStatus } from '../../common/constants';
import { canJoinConsultation } from '../../common/consultation-status';
import { isSideOf, type ConsultationSides } from '../policies/consultation';
import type { CallActor } from '../policies/consultation-guest';
import type { ConsultationStatusChange, RealtimeEvents } from './realtime';
import { batchedLookup } from '../lib/batcher';
import { ShortLived } from '../lib/short-lived';

interface ConsultationFacts extends ConsultationSides {
  status: ConsultationStatus;
}

/** Where the actor stands in a consultation: one of its two sides (or its guest) while it runs, after it ended, or outside it. */
type Standing = 'open' | 'ended' | 'stranger';

/** Sockets of many consultations ask at once: one query answers them all. */
const readFacts = batchedLookup(async (ids: string[]) => {
  const rows = await Consultation.query().whereIn('id', ids).select('id', 'status', 'patientId', 'doctorId');
  return new Map(rows.map((row): [string, ConsultationFacts] => [row.id, { status: row.status, patientId: row.patientId, doctorId: row.doctorId }]));
});

/** Facts no longer trusted are dropped this often, so the map holds only consultations in use. */
const SWEEP_EVERY_MS = 30_000;

/**
 * Each consultation's status and its two sides (policies/consultation.ts decides who is one), shared by
 * every socket of this process and read again at most once per recheck period; a status change made in
 * this process is known at once. A change made in another process is seen here within the recheck period.
 */
export class ConsultationStandings {
  private readonly facts = new Map<string, ShortLived<ConsultationFacts | undefined>>();
  private nextSweep = 0;

  constructor(private readonly recheckMs: number) {}

  async standing(actor: CallActor, consultationId: string): Promise<Standing> {
    const facts = await this.entry(consultationId).get();
    // A guest's session reaches their one consultation (whether they were let in is their socket's place in the room).
    const reaches = actor.kind === 'guest' ? actor.consultationId === consultationId : facts && isSideOf(actor, facts);
    if (!facts || !reaches) return 'stranger';
    return canJoinConsultation(facts.status) ? 'open' : 'ended';
  }

  /** The consultation's patient (whose health data its chat is), from the same shared facts. */
  async patientOf(consultationId: string): Promise<string | undefined> {
    return (await this.entry(consultationId).get())?.patientId;
  }

  /** The consultation's doctor (whose screens hear about its lobby), from the same shared facts. */
  async doctorOf(consultationId: string): Promise<string | undefined> {
    return (await this.entry(consultationId).get())?.doctorId;
  }

  /** Follows the status changes made in this process; answers the unsubscribe. */
  follow(realtime: RealtimeEvents): () => void {
    const onChange = ({ consultationId, status, patientId, doctorId }: ConsultationStatusChange) =>
      this.entry(consultationId).set({ status: status as ConsultationStatus, patientId, doctorId });
    realtime.on('consultation:status', onChange);
    return () => realtime.off('consultation:status', onChange);
  }

  private entry(consultationId: string): ShortLived<ConsultationFacts | undefined> {
    let entry = this.facts.get(consultationId);
    if (!entry) {
      this.sweep();
      entry = new ShortLived(this.recheckMs, () => readFacts(consultationId));
      this.facts.set(consultationId, entry);
    }
    return entry;
  }

  private sweep(now = Date.now()): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [consultationId, entry] of this.facts) if (entry.expired(now)) this.facts.delete(consultationId);
  }
}
