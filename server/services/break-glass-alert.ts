import type { AppContext } from '../context';
import { Doctor, User } from '../../db/models';
import { appOrigin } from '../lib/app-origin';
import { log } from '../log';
import { doctorLabel } from '../../common/names';

/**
 * Every admin hears of a break-glass at once, by e-mail: who opened records outside the access window and
 * until when, with a link to the admin portal's list. The mail names no patient and carries no reason (the
 * reason may hold health details); the portal shows both to a signed-in admin. The grant never waits on the
 * mail, and a mail that cannot go (no SMTP set up, the server down) is logged, not thrown: break-glass is
 * for emergencies.
 */
export function alertAdminsOfBreakGlass(ctx: AppContext, doctorId: string, until: Date): void {
  const reviewAt = `${appOrigin(ctx)}/admin/doctors`;
  void (async () => {
    const [doctor, admins] = await Promise.all([Doctor.query().findById(doctorId).select('name'), User.query().where({ role: 'admin' }).select('email')]);
    const text =
      `${doctor ? doctorLabel(doctor.name) : 'A doctor'} opened a patient's records outside the access window (break-glass) ` +
      `at ${new Date().toISOString()}; the access lasts until ${until.toISOString()}.\n\n` +
      `Review it, with the reason given, under Break-glass access in the admin portal:\n${reviewAt}\n`;
    await Promise.all(admins.map((admin) => ctx.deps.mailer.send({ to: admin.email, subject: 'MediVault: break-glass access to patient records', text })));
  })().catch((err: Error) => log.warn({ error: err.message }, 'break-glass alert to admins not mailed'));
}
