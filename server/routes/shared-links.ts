import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { patientOnly, publicAccess } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { findOwnSharedLink, sharedLinksOf } from '../policies/shared-link';
import { sharedFilesFor } from '../policies/patient-data';
import { auditedWrite, noContent, recordAudit, requestRow, writeAuditRowIn } from '../services/audit';
import { createSharedLink, revokeSharedLink } from '../services/shared-links/links';
import { manifestOf } from '../services/shared-links/manifest';
import { takeDownload } from '../services/shared-links/downloads';
import { limitPerAddress } from '../services/request-limit';
import type { LinkOpening, LinkRequest, OpeningAudit } from '../services/shared-links/opening';
import { presentCreatedLink, presentSharedLink } from '../presenters/shared-link';
import { sharedFile, sharedLinkCreatedResponse, sharedLinksResponse, shlManifestResponse } from '../presenters/response-schemas';
import { directFileQuerySchema, manifestRequestSchema, sharedLinkCreateSchema } from '../../common/schemas/shared-links';
import { SHARED_LINK_FILE_MAX_BYTES } from '../../common/constants';
import { appOrigin } from '../lib/app-origin';
import { plural } from '../../common/plural';
import { NotFound, PasscodeRefused } from '../errors';
import type { AppContext } from '../context';
import type { SharedLink, SharedLinkFile } from '../../db/models';

/** Every request anyone can make with a link (manifests, direct files, downloads) counts towards one limit per address. */
const limitSharedLinkRequests = limitPerAddress('sharedLink');

/** The IG answers a link that no longer opens (unknown, expired, revoked, disabled) with a 404, alike. */
const GONE = 'This shared link does not exist, has expired, or was revoked. Ask the patient for a new one.';

/** The encrypted file and the room the JSON around it takes. */
const CREATE_BODY = { limitBytes: SHARED_LINK_FILE_MAX_BYTES + 64 * 1024, tooLargeMessage: 'The encrypted records are larger than 5 MB: share fewer records at a time.' };

/**
 * An attempt's audit row, in the patient's name: who opened it is a visitor without an account, named by
 * what they said they were (the request's `recipient`, unverified), so the patient's Access history can show it.
 */
const auditOpening =
  (ctx: AppContext, recipient: string): OpeningAudit =>
  (trx, link, outcome) => {
    const row = requestRow(ctx, { action: 'shared_link.open', outcome, resourceType: 'shared_link', resourceId: link.id, patientId: link.userId });
    return writeAuditRowIn(trx, { ...row, actorName: row.actorName ?? recipient.slice(0, 200) });
  };

/** The files of a link that opened; any other outcome as the IG answers it. */
function filesOrRefusal(opening: LinkOpening): { link: SharedLink; files: SharedLinkFile[] } {
  switch (opening.kind) {
    case 'open':
      return opening;
    case 'needs-passcode':
      throw new PasscodeRefused('This link is protected by a passcode: send it as `passcode`.', opening.remainingAttempts);
    case 'wrong-passcode':
      throw new PasscodeRefused(
        opening.remainingAttempts > 0
          ? `The passcode is not right. ${plural(opening.remainingAttempts, 'more wrong passcode')} and the link stops working.`
          : 'The passcode is not right, and the link no longer works. Ask the patient for a new one.',
        opening.remainingAttempts,
      );
    default:
      throw new NotFound(GONE);
  }
}

const openLink = (ctx: AppContext, request: LinkRequest) => sharedFilesFor(request, auditOpening(ctx, request.recipient));

/**
 * SMART Health Links (HL7 SMART Health Cards and Links IG, STU1): the patient shares chosen records, which
 * their browser encrypted with a key that stays in the link, and may revoke a link at once; anyone holding a
 * link (and its passcode) reads its manifest and files without an account, each attempt audited.
 */
export function registerSharedLinksRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/shared-links',
    summary: 'Share records as a SMART Health Link: the records come encrypted by the browser, whose key never reaches the server',
    policy: patientOnly,
    ownBody: CREATE_BODY,
    body: sharedLinkCreateSchema,
    status: 201,
    response: sharedLinkCreatedResponse,
    answerHoldsSecrets: true,
    refusals: { 413: 'The encrypted records are larger than 5 MB' },
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const { link, token } = await auditedWrite(
        ctx,
        (trx) => createSharedLink(trx, patient.userId, body),
        (created) => ({ action: 'shared_link.create', outcome: 'success', resourceType: 'shared_link', resourceId: created.link.id, patientId: patient.userId }),
      );
      return presentCreatedLink(link, token, appOrigin(ctx));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/shared-links',
    summary: "The patient's shared links that are not revoked, newest first, with whether each opens and who opened it last",
    policy: patientOnly,
    response: sharedLinksResponse,
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const links = await sharedLinksOf(patient).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]);
      await recordAudit(ctx, { action: 'shared_link.list', outcome: 'success', resourceType: 'shared_link', patientId: patient.userId });
      return { links: links.map(presentSharedLink) };
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/shared-links/:id',
    summary: 'Revoke a shared link at once: it answers 404 from now on and its encrypted records are deleted',
    policy: patientOnly,
    status: 204,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const link = await findOwnSharedLink(patient, params.id!);
      await auditedWrite(
        ctx,
        (trx) => revokeSharedLink(trx, link),
        () => ({ action: 'shared_link.revoke', outcome: 'success', resourceType: 'shared_link', resourceId: link.id, patientId: patient.userId }),
        noContent,
      );
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/shl/:token',
    summary: "A SMART Health Link's manifest (the IG's manifest request): no account, the address is the key; a wrong passcode answers 401 with remainingAttempts",
    before: [limitSharedLinkRequests],
    policy: publicAccess,
    body: manifestRequestSchema,
    response: shlManifestResponse,
    refusals: {
      401: "The link needs its passcode, or the passcode was wrong (code 'passcode_refused'): remainingAttempts says how many more wrong ones it takes",
      404: 'The link does not exist, has expired, was revoked, or took too many wrong passcodes',
    },
    handler: async (ctx, { params, body }) => {
      const { link, files } = filesOrRefusal(await openLink(ctx, { token: params.token!, recipient: body.recipient, passcode: body.passcode }));
      // A long-term link's receiver may poll: not more often than this.
      if (link.flag.includes('L')) ctx.set('Retry-After', '3600');
      return manifestOf(ctx.deps.knex, link, files, { origin: appOrigin(ctx), embeddedLengthMax: body.embeddedLengthMax });
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/shl/:token',
    summary: "A `U` link's one encrypted file, fetched directly (the IG's direct file request); other links answer 404 here and open by POST",
    before: [limitSharedLinkRequests],
    policy: publicAccess,
    query: directFileQuerySchema,
    response: sharedFile,
    refusals: { 404: 'The link does not exist, is not a U link, has expired or was revoked' },
    handler: async (ctx, { params, query }) => {
      const { files } = filesOrRefusal(await openLink(ctx, { token: params.token!, recipient: query.recipient, direct: true }));
      ctx.type = 'application/jose';
      // A U link holds one file (the IG's condition for the flag): the share that made it sent one.
      return files[0]!.jwe;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/shl/files/:download',
    summary: "A shared file at the address a manifest gave: single use, for 10 minutes; the encrypted file (application/jose)",
    before: [limitSharedLinkRequests],
    policy: publicAccess,
    response: sharedFile,
    refusals: { 404: 'The address was used already, is older than 10 minutes, or its link no longer opens: request the manifest again' },
    handler: async (ctx, { params }) => {
      const taken = await ctx.deps.knex.transaction(async (trx) => {
        const found = await takeDownload(trx, params.download!);
        if (found) await writeAuditRowIn(trx, requestRow(ctx, { action: 'shared_link.download', outcome: 'success', resourceType: 'shared_link', resourceId: found.link.id, patientId: found.link.userId }));
        return found;
      });
      if (!taken) throw new NotFound('This download address was used already or has expired. Request the manifest again for a new one.');
      ctx.type = 'application/jose';
      return taken.file.jwe;
    },
  });
}
