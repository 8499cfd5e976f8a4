import { GUEST_LINK_DEFAULT_MINUTES, GUEST_LINK_MAX_MINUTES, GUEST_NAME_MAX, NAME_MIN } from '../constants';
import { numberField, requiredString, strictObject, trimText } from './helpers';

const GUEST_LINK_MIN_MINUTES = 5;

/** POST /api/consultations/{id}/guests body: how long the link works. */
export const guestInvitationSchema = strictObject({
  expiresInMinutes: numberField('Link lifetime')
    .integer('Link lifetime must be a whole number of minutes')
    .min(GUEST_LINK_MIN_MINUTES, `Link lifetime must be at least ${GUEST_LINK_MIN_MINUTES} minutes`)
    .max(GUEST_LINK_MAX_MINUTES, `Link lifetime must be at most ${GUEST_LINK_MAX_MINUTES / (24 * 60)} days`)
    .default(GUEST_LINK_DEFAULT_MINUTES),
});

const linkToken = () => requiredString('Link', 'This guest link is incomplete: open the whole link you were sent', 200);

/** POST /api/guest/link body: the token of a link about to be opened, checked without using it up. */
export const guestLinkSchema = strictObject({ token: linkToken() });

/** POST /api/guest/join body: the link's token and the name the others will see; also the guest page's form. */
export const guestJoinSchema = strictObject({
  token: linkToken(),
  name: requiredString('Name', 'Enter the name the others in the call will see', GUEST_NAME_MAX)
    .transform(trimText)
    .min(NAME_MIN, `Name must be at least ${NAME_MIN} characters`),
});
