import { loadConfig } from '../../server/config';
import { clientIce, turnCredentials } from '../../signalling/media/ice';

const TURN = { urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'], secret: 'north-wind-secret', credentialTtlSeconds: 3600 };

describe('TURN credentials (coturn REST API scheme)', () => {
  it('names the expiry and the subject, and signs the username with HMAC-SHA1 of the shared secret', () => {
    // Expected value from `printf '%s' '1700003600:user-42' | openssl dgst -sha1 -hmac 'north-wind-secret' -binary | base64`.
    expect(turnCredentials(TURN, 'user-42', 1_700_000_000_000)).toEqual({
      urls: TURN.urls,
      username: '1700003600:user-42',
      credential: 'tyyEG/JXiq00pUNEj1IhsFYm18U=',
    });
  });

  it('expires TURN_CREDENTIAL_TTL_SECONDS after the join, counted in whole seconds', () => {
    const { username } = turnCredentials({ ...TURN, credentialTtlSeconds: 600 }, 'u', 1_700_000_000_999);
    expect(username).toBe('1700000600:u');
  });
});

describe('ICE configuration in the join answer', () => {
  it('hands out ICE_SERVERS as they are, followed by the TURN servers with credentials of this join', () => {
    const media = loadConfig({
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
      TURN_URLS: 'turn:turn.example.org:3478',
      TURN_SECRET: 'north-wind-secret',
      ICE_TRANSPORT_POLICY: 'relay',
    }).media;
    const ice = clientIce(media, 'user-42', 1_700_000_000_000);
    expect(ice.iceTransportPolicy).toBe('relay');
    expect(ice.iceServers).toEqual([
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org:3478'], username: `${1_700_000_000 + 3_600}:user-42`, credential: expect.any(String) },
    ]);
    expect(JSON.stringify(ice)).not.toContain('north-wind-secret');
  });

  it('without TURN settings is ICE_SERVERS and the policy that lets media take any path', () => {
    expect(clientIce(loadConfig({}).media, 'user-42')).toEqual({ iceServers: [], iceTransportPolicy: 'all' });
  });
});
