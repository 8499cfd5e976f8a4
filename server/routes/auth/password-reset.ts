import type { Router } from '@koa/router';
import { defineRoute } from '../define';
import { noticeResponse } from '../../presenters/response-schemas';
import { publicAccess } from '../../policies/route-policy';
import { passwordResetRequestSchema, passwordResetSchema } from '../../../common/schemas/password';
import { limitPerAddress } from '../../services/request-limit';
import { MAIL_NOT_SET_UP } from '../../services/mail';
import { mailResetLink, resetPassword, RESET_REQUESTED } from '../../services/password-reset';
import { ServiceUnavailable } from '../../errors';

/** Forgotten passwords: a link by email (when SMTP is set up), and the new password through that link. */
export function registerPasswordResetRoutes(router: Router): void {
  defineRoute(router, {
    method: 'post',
    path: '/auth/password-reset',
    summary:
      'Email a single-use, 30-minute password reset link to the account that uses this address. The answer is the same ' +
      'whether or not such an account exists, and comes before the mail is sent; 503 where no mail is set up (SMTP_URL)',
    policy: publicAccess,
    before: [limitPerAddress('passwordReset')],
    body: passwordResetRequestSchema,
    status: 202,
    response: noticeResponse,
    handler: (ctx, { body }) => {
      if (!ctx.deps.config.mail) throw new ServiceUnavailable(MAIL_NOT_SET_UP);
      // Sent after the answer: its time says nothing of whether the address has an account.
      void mailResetLink(ctx, body.email).catch((err: Error) => ctx.deps.log.error({ error: err.message }, 'password reset mail not sent'));
      return { message: RESET_REQUESTED };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/auth/password-reset/complete',
    summary: "Set a new password through a reset link's token (once); ends every session of the account and its sockets",
    policy: publicAccess,
    body: passwordResetSchema,
    status: 204,
    handler: async (ctx, { body }) => {
      await resetPassword(ctx, body.token, body.newPassword);
    },
  });
}
