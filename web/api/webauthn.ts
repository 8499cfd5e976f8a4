/** The WebAuthn client library, fetched when a passkey is used, so pages go without it until then. */
export const webauthn = () => import('@simplewebauthn/browser');
