import { CookieKeys } from '../../server/cookie-keys';

describe('CookieKeys', () => {
  const current = 'current-secret-that-is-long-enough-0001';
  const previous = 'previous-secret-that-is-long-enough-002';

  it('verifies its own signature and refuses a changed value or signature', () => {
    const keys = new CookieKeys([current]);
    const signature = keys.sign('mv.sid=abc');
    expect(keys.verify('mv.sid=abc', signature)).toBe(true);
    expect(keys.verify('mv.sid=abd', signature)).toBe(false);
    expect(keys.verify('mv.sid=abc', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(keys.verify('mv.sid=abc', '')).toBe(false);
    expect(keys.verify('mv.sid=abc', 'not base64url at all!')).toBe(false);
  });

  it('signs with the first key and still accepts the older ones, telling which matched', () => {
    const old = new CookieKeys([previous]);
    const rotated = new CookieKeys([current, previous]);
    expect(rotated.index('mv.sid=abc', old.sign('mv.sid=abc'))).toBe(1);
    expect(rotated.index('mv.sid=abc', rotated.sign('mv.sid=abc'))).toBe(0);
    expect(old.verify('mv.sid=abc', rotated.sign('mv.sid=abc'))).toBe(false);
  });
});
