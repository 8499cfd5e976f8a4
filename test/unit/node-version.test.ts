import { unsupportedRuntimeReason, MINIMUM_NODE_MAJOR } from '../../server/runtime/node-version';

describe('runtime check', () => {
  it('accepts the supported majors', () => {
    expect(unsupportedRuntimeReason(`${MINIMUM_NODE_MAJOR}.0.0`)).toBeNull();
    expect(unsupportedRuntimeReason('24.21.0')).toBeNull();
  });

  it('refuses an end-of-life Node with a sentence saying how to start', () => {
    const reason = unsupportedRuntimeReason('20.20.2');
    expect(reason).toContain('Node 20.20.2');
    expect(reason).toContain("'npm start'");
  });
});
