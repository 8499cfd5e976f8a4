import { createHash } from 'node:crypto';
import { hasLeadingZeroBits } from '../../common/proof-of-work';

describe('the sign-in challenge rule', () => {
  it('counts leading zero bits across byte boundaries', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(hasLeadingZeroBits(bytes(0x00, 0x0f, 0xff), 12)).toBe(true);
    expect(hasLeadingZeroBits(bytes(0x00, 0x0f, 0xff), 13)).toBe(false);
    expect(hasLeadingZeroBits(bytes(0x00, 0x00, 0x80), 16)).toBe(true);
    expect(hasLeadingZeroBits(bytes(0x00, 0x00, 0x80), 17)).toBe(false);
    expect(hasLeadingZeroBits(bytes(0x80), 0)).toBe(true);
  });

  it('agrees with a direct count on real digests', () => {
    for (let n = 0; n < 2000; n += 1) {
      const digest = createHash('sha256').update(`challenge${n}`).digest();
      const zeros = digest.reduce((count, byte, i) => (count === i * 8 ? count + Math.clz32(byte) - 24 : count), 0);
      expect(hasLeadingZeroBits(digest, zeros)).toBe(true);
      expect(hasLeadingZeroBits(digest, zeros + 1)).toBe(false);
    }
  });
});
