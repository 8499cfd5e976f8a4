/**
 * Guests in a call (issue 38). The doctor invites a guest by a single-use link that expires; the patient
 * may ask for one too, and their link works once the doctor approves. Only the SHA-256 of the link's token
 * is kept. Opening the link with a name uses it up and starts a session limited to that one consultation;
 * removing the guest (or the consultation ending) ends what that session reaches.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppContext, AppDeps } from '../context';
import { Consultation, ConsultationGuest } from '../../db/models';
import { Conflict, Gone, NotFound, type AppError } from '../errors';
import type { ConsultationSide } from '../policies/consultation';
import type { GuestActor } from '../policies/actor';
import { canJoinConsultation } from '../../common/consultation-status';
import { GUESTS_NEED_SFU, MAX_CONSULTATION_GUESTS, type GuestStatus } from '../../common/constants';
import { appOrigin } from '../lib/app-origin';
import { recordAudit, recordAuditIn, type AuditEntry } from './audit';
import { startSession } from './sign-in';
import type { RealtimeEvents } from './realtime';

const GUEST_CONSULTATION_ENDED = 'This consultation has ended: guests can no longer be invited to it.';
export const TOO_MANY_GUESTS = `A call holds at most ${MAX_CONSULTATION_GUESTS} guests: withdraw a guest link before inviting another.`;
const GUEST_NOT_WAITING = 'This guest is not waiting to be let in: they have not opened their link, or they were removed.';
const NOT_AWAITING_APPROVAL = 'Only a guest the patient asked for, still awaiting approval, can be approved.';
export const GUEST_LINK_UNKNOWN = 'This guest link is not valid. Check that you opened the whole link, or ask the doctor for a new one.';
export const GUEST_LINK_USED = 'This guest link has already been used. Ask the doctor for a new one.';
export const GUEST_LINK_WITHDRAWN = 'This guest link was withdrawn. Ask the doctor for a new one.';
export const GUEST_LINK_EXPIRED = 'This guest link has expired. Ask the doctor for a new one.';
export const GUEST_LINK_UNAPPROVED = 'The doctor has not approved this invitation yet. Open the link again once they have.';
export const GUEST_LINK_CONSULTATION_ENDED = 'This consultation has ended, so its guest link no longer works.';

/** Statuses that still hold one of the call's guest places. */
const HOLDING_A_PLACE: GuestStatus[] = ['awaiting_approval', 'invited', 'joined'];

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The guest page's address with the token in the fragment, which browsers never send to a server (so no log or Referer holds it). */
export const guestLink = (ctx: AppContext, token: string) => `${appOrigin(ctx)}/guest#${token}`;

interface NewGuestLink {
  consultationId: string;
  invitedBy: ConsultationSide;
  expiresAt: Date;
}

/** Stores a new guest link's hash and hands back its token, the only copy there will be. */
export async function issueGuestLink(trx: Knex.Transaction, { consultationId, invitedBy, expiresAt }: NewGuestLink): Promise<{ guest: ConsultationGuest; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const guest = await ConsultationGuest.query(trx).insertAndFetch({
    consultationId,
    invitedByKind: invitedBy.kind,
    invitedById: invitedBy.kind === 'doctor' ? invitedBy.doctorId : invitedBy.userId,
    tokenHash: hashOf(token),
    // The doctor's invitation works at once; the patient's waits for the doctor.
    status: invitedBy.kind === 'doctor' ? 'invited' : 'awaiting_approval',
    expiresAt,
  });
  return { guest, token };
}

const guestEntry = (action: string, consultation: Pick<Consultation, 'patientId'>, guestId?: string, outcome: AuditEntry['outcome'] = 'success'): AuditEntry => ({
  action,
  outcome,
  resourceType: 'consultation_guest',
  resourceId: guestId,
  patientId: consultation.patientId,
});

/**
 * A new guest link for a consultation that still runs, on a server whose calls go through the SFU, while the
 * call has a guest place left. The consultation's row is locked, so two invitations never share the last place.
 */
/** The sides' screens read the consultation's guests again (a patient's request reaches the doctor's panel). */
function announceGuests(realtime: RealtimeEvents, consultationId: string, sides: Pick<Consultation, 'patientId' | 'doctorId'>): void {
  realtime.emit('consultation:guests', { consultationId, patientId: sides.patientId, doctorId: sides.doctorId });
}

export async function inviteGuest(ctx: AppContext, consultation: Consultation, inviter: ConsultationSide, expiresInMinutes: number) {
  if (ctx.deps.mediaMode() !== 'sfu') throw new Conflict(GUESTS_NEED_SFU);
  const issued = await Consultation.transaction(async (trx) => {
    const locked = await Consultation.query(trx).findById(consultation.id).forUpdate();
    if (!locked || !canJoinConsultation(locked.status)) throw new Conflict(GUEST_CONSULTATION_ENDED);
    const held = await ConsultationGuest.query(trx)
      .where({ consultationId: consultation.id })
      .whereIn('status', HOLDING_A_PLACE)
      .where((q) => q.where('status', 'joined').orWhere('expiresAt', '>', new Date()))
      .resultSize();
    if (held >= MAX_CONSULTATION_GUESTS) throw new Conflict(TOO_MANY_GUESTS);
    const issued = await issueGuestLink(trx, { consultationId: consultation.id, invitedBy: inviter, expiresAt: new Date(Date.now() + expiresInMinutes * 60_000) });
    await recordAuditIn(trx, ctx, guestEntry(inviter.kind === 'doctor' ? 'consultation.guest_invite' : 'consultation.guest_request', consultation, issued.guest.id));
    return issued;
  });
  announceGuests(ctx.deps.realtime, consultation.id, consultation);
  return issued;
}

/** The doctor approves a guest the patient asked for: their link works from now on. */
export async function approveGuest(ctx: AppContext, consultation: Consultation, guest: ConsultationGuest): Promise<ConsultationGuest> {
  const approved = await ConsultationGuest.transaction(async (trx) => {
    const [row] = await ConsultationGuest.query(trx).patch({ status: 'invited' }).where({ id: guest.id, status: 'awaiting_approval' }).returning('*');
    if (!row) throw new Conflict(NOT_AWAITING_APPROVAL);
    await recordAuditIn(trx, ctx, guestEntry('consultation.guest_approve', consultation, guest.id));
    return row;
  });
  announceGuests(ctx.deps.realtime, consultation.id, consultation);
  return approved;
}

/** Writes a guest change's audit row in the change's own transaction (REST and sockets each word theirs). */
export type GuestAudit = (trx: Knex.Transaction, entry: AuditEntry) => Promise<void>;

/** Ends every session a guest's link started, and with them their sockets on every process. */
async function endGuestSessions(deps: Pick<AppDeps, 'knex' | 'realtime'>, guestId: string): Promise<void> {
  const ended: Array<{ id: string }> = await deps.knex('sessions').where({ actorKind: 'guest', actorId: guestId }).delete().returning('id');
  // session:ended carries the fingerprint of a session id; the store keeps rows under that fingerprint already.
  for (const { id } of ended) deps.realtime.emit('session:ended', { fingerprint: id });
}

/**
 * A guest's access ends: an unused link is withdrawn, a guest who came in is removed (their session ends at
 * once, and with it their sockets). A guest whose access already ended is answered as they are.
 */
export async function endGuest(deps: Pick<AppDeps, 'knex' | 'realtime'>, consultation: Pick<Consultation, 'patientId' | 'doctorId'>, guest: ConsultationGuest, audit: GuestAudit): Promise<ConsultationGuest> {
  if (guest.status === 'revoked' || guest.status === 'removed') return guest;
  const to: GuestStatus = guest.status === 'joined' ? 'removed' : 'revoked';
  const ended = await ConsultationGuest.transaction(async (trx) => {
    const [row] = await ConsultationGuest.query(trx).patch({ status: to, endedAt: new Date() }).where({ id: guest.id, status: guest.status }).returning('*');
    // It changed meanwhile (the link was used, or someone else ended it): end what it is now.
    if (!row) return undefined;
    await audit(trx, guestEntry(to === 'removed' ? 'consultation.guest_remove' : 'consultation.guest_revoke', consultation, guest.id));
    return row;
  });
  if (!ended) return endGuest(deps, consultation, await ConsultationGuest.query().findById(guest.id).throwIfNotFound(), audit);
  if (to === 'removed') await endGuestSessions(deps, guest.id);
  announceGuests(deps.realtime, guest.consultationId, consultation);
  return ended;
}

/** The doctor lets a guest who opened their link into the call; a second admission changes nothing. */
export async function admitGuest(consultation: Pick<Consultation, 'patientId'>, guest: ConsultationGuest, audit: GuestAudit): Promise<ConsultationGuest> {
  if (guest.status !== 'joined') throw new Conflict(GUEST_NOT_WAITING);
  if (guest.admittedAt) return guest;
  return ConsultationGuest.transaction(async (trx) => {
    const [admitted] = await ConsultationGuest.query(trx).patch({ admittedAt: new Date() }).where({ id: guest.id, status: 'joined' }).whereNull('admittedAt').returning('*');
    if (!admitted) throw new Conflict(GUEST_NOT_WAITING);
    await audit(trx, guestEntry('consultation.guest_admit', consultation, guest.id));
    return admitted;
  });
}

interface LinkFound {
  guest: ConsultationGuest;
  consultationStatus: Consultation['status'];
  patientId: string;
  doctorId: string;
}

/** Why a found link cannot be used now, or null when it can. */
function refusalOf({ guest, consultationStatus }: LinkFound, now = Date.now()) {
  if (!canJoinConsultation(consultationStatus)) return new Gone(GUEST_LINK_CONSULTATION_ENDED);
  if (guest.status === 'joined' || guest.status === 'removed') return new Gone(GUEST_LINK_USED);
  if (guest.status === 'revoked') return new Gone(GUEST_LINK_WITHDRAWN);
  if (guest.expiresAt.getTime() <= now) return new Gone(GUEST_LINK_EXPIRED);
  if (guest.status === 'awaiting_approval') return new Conflict(GUEST_LINK_UNAPPROVED);
  return null;
}

/**
 * A link about to be opened, checked without using it up: the guest page says at once why a dead one cannot
 * be used, before asking for a name. Answers what the name form tells the guest.
 */
export async function guestLinkState(ctx: AppContext, token: string): Promise<{ doctorName: string; consultationType: Consultation['consultationType'] }> {
  const guest = await ConsultationGuest.query().where({ tokenHash: hashOf(token) }).first();
  if (!guest) throw new NotFound(GUEST_LINK_UNKNOWN);
  const consultation = (await Consultation.query().findById(guest.consultationId).withGraphFetched('doctor'))!;
  const refusal = refusalOf({ guest, consultationStatus: consultation.status, patientId: consultation.patientId, doctorId: consultation.doctorId });
  if (refusal) {
    // The guest page stops here for a dead link: its refusal is the patient's to see, as a refused join is.
    await recordAudit(ctx, guestEntry('guest.join', consultation, guest.id, 'denied'));
    throw refusal;
  }
  return { doctorName: consultation.doctor!.name, consultationType: consultation.consultationType };
}

/**
 * Opening a guest link: it is used up (under a row lock, so a link opened twice at once admits one) and the
 * browser gets a session that reaches this one consultation only. Refusals of a known link are audited
 * where the patient reads their access history.
 */
type JoinOutcome = { refusal: AppError; found: LinkFound } | { actor: GuestActor; sides: Pick<Consultation, 'patientId' | 'doctorId'> };

export async function joinAsGuest(ctx: AppContext, token: string, name: string): Promise<GuestActor> {
  const outcome = await ConsultationGuest.transaction(async (trx): Promise<JoinOutcome> => {
    const guest = await ConsultationGuest.query(trx).where({ tokenHash: hashOf(token) }).forUpdate().first();
    if (!guest) throw new NotFound(GUEST_LINK_UNKNOWN);
    const consultation = await Consultation.query(trx).findById(guest.consultationId).select('status', 'patientId', 'doctorId');
    const found: LinkFound = { guest, consultationStatus: consultation!.status, patientId: consultation!.patientId, doctorId: consultation!.doctorId };
    const refusal = refusalOf(found);
    if (refusal) return { refusal, found };
    const joined = await guest.$query(trx).patchAndFetch({ status: 'joined', name, joinedAt: new Date() });
    const actor: GuestActor = { kind: 'guest', guestId: joined.id, consultationId: joined.consultationId, name };
    ctx.state.actor = actor;
    await recordAuditIn(trx, ctx, guestEntry('guest.join', { patientId: found.patientId }, joined.id));
    return { actor, sides: { patientId: found.patientId, doctorId: found.doctorId } };
  });
  if ('refusal' in outcome) {
    await recordAudit(ctx, guestEntry('guest.join', { patientId: outcome.found.patientId }, outcome.found.guest.id, 'denied'));
    throw outcome.refusal;
  }
  await startSession(ctx, 'guest', outcome.actor.guestId);
  // The sides' panels no longer show the link as unused.
  announceGuests(ctx.deps.realtime, outcome.actor.consultationId, outcome.sides);
  return outcome.actor;
}

