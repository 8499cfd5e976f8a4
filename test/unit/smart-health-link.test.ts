import { decodeShlink, encodeShlink, jweHeaderOf, shlinkFlag, UnreadableLink, viewerLink } from '../../common/smart-health-link';
import { sharedRecordsView } from '../../web/shared-records/fhir-view';

/** The IG's own example (links-specification, 'Example SMART Health Link Generation'): its payload and encoding. */
const IG_PAYLOAD = {
  url: 'https://ehr.example.org/qr/Y9xwkUdtmN9wwoJoN3ffJIhX2UGvCL1JnlPVNL3kDWM/m',
  flag: 'LP',
  key: 'rxTgYlOaKJPFtcEd0qcceN8wEU4p94SqAwIWQe6uX7Q',
  label: 'Back-to-school immunizations for Oliver Brown',
};
const IG_ENCODED =
  'eyJ1cmwiOiJodHRwczovL2Voci5leGFtcGxlLm9yZy9xci9ZOXh3a1VkdG1OOXd3b0pvTjNmZkpJaFgyVUd2Q0wxSm5sUFZOTDNrRFdNL20iLCJmbGFnIjoiTFAiLCJrZXkiOiJyeFRnWWxPYUtKUEZ0Y0VkMHFjY2VOOHdFVTRwOTRTcUF3SVdRZTZ1WDdRIiwibGFiZWwiOiJCYWNrLXRvLXNjaG9vbCBpbW11bml6YXRpb25zIGZvciBPbGl2ZXIgQnJvd24ifQ';

describe('the SMART Health Link payload', () => {
  it("encodes the IG's example exactly as the IG does, and reads it back bare or after a viewer's '#'", () => {
    expect(encodeShlink(IG_PAYLOAD)).toBe(`shlink:/${IG_ENCODED}`);
    expect(viewerLink('https://viewer.example.org', IG_PAYLOAD)).toBe(`https://viewer.example.org#shlink:/${IG_ENCODED}`);
    expect(decodeShlink(`shlink:/${IG_ENCODED}`)).toEqual(IG_PAYLOAD);
    expect(decodeShlink(`#shlink:/${IG_ENCODED}`)).toEqual(IG_PAYLOAD);
  });

  it('keeps text outside ASCII (a label in another script) through the base64url round trip', () => {
    const payload = { url: 'https://x.example/m', key: 'k'.repeat(43), label: 'Für Dr. Şahin — 血液検査' };
    expect(decodeShlink(encodeShlink(payload))).toEqual(payload);
  });

  it('refuses what is not a link, and a damaged one, with words a person can act on', () => {
    expect(() => decodeShlink('https://viewer.example.org/')).toThrow(new UnreadableLink('This is not a SMART Health Link: it has no shlink:/ part.'));
    expect(() => decodeShlink('shlink:/not*base64')).toThrow('This SMART Health Link is damaged: copy the whole link again.');
    expect(() => decodeShlink(encodeShlink({ url: 'x' } as never))).toThrow('damaged');
  });

  it('writes flags in alphabetical order', () => {
    expect(shlinkFlag({ longTerm: true, passcode: true, direct: false })).toBe('LP');
    expect(shlinkFlag({ longTerm: false, passcode: false, direct: true })).toBe('U');
    expect(shlinkFlag({ longTerm: false, passcode: false, direct: false })).toBe('');
  });

  it("reads a compact JWE's protected header, and nothing else as one", () => {
    const header = Buffer.from(JSON.stringify({ alg: 'dir', enc: 'A256GCM' })).toString('base64url');
    expect(jweHeaderOf(`${header}..aXY.Y3Q.dGFn`)).toEqual({ alg: 'dir', enc: 'A256GCM' });
    expect(jweHeaderOf(`${header}.aXY.Y3Q.dGFn`)).toBeNull();
    expect(jweHeaderOf('{"resourceType":"Bundle"}')).toBeNull();
    expect(jweHeaderOf(`bm90IGpzb24..aXY.Y3Q.dGFn`)).toBeNull();
  });
});

describe('a shared FHIR Bundle, read for the viewer', () => {
  it("shows each report's Observations as results (bounds and ranges kept), medications, and counts the rest", () => {
    const view = sharedRecordsView({
      resourceType: 'Bundle',
      entry: [
        { fullUrl: 'urn:uuid:p', resource: { resourceType: 'Patient', name: [{ given: ['Noor'], family: 'Haddad' }] } },
        {
          fullUrl: 'urn:uuid:r',
          resource: { resourceType: 'DiagnosticReport', id: 'r', code: { text: 'Inflammation' }, effectiveDateTime: '2026-11-02', performer: [{ display: 'Northside Lab' }], result: [{ reference: 'urn:uuid:o1' }, { reference: 'urn:uuid:o2' }] },
        },
        { fullUrl: 'urn:uuid:o1', resource: { resourceType: 'Observation', code: { text: 'CRP' }, valueQuantity: { value: 0.5, comparator: '<', unit: 'mg/L' }, referenceRange: [{ text: '<5' }] } },
        { fullUrl: 'urn:uuid:o2', resource: { resourceType: 'Observation', code: { coding: [{ display: 'Hemoglobin' }] }, valueQuantity: { value: 13.2, unit: 'g/dL' }, referenceRange: [{ low: { value: 13.5 }, high: { value: 17.5 } }] } },
        { resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Levothyroxine' }, dosage: [{ text: '50mcg once daily' }], effectivePeriod: { start: '2026-01-05' } } },
        { resource: { resourceType: 'Appointment', status: 'booked' } },
      ],
    });
    expect(view.patientName).toBe('Noor Haddad');
    expect(view.reports).toEqual([
      {
        key: 'r',
        title: 'Inflammation',
        date: '2026-11-02',
        performers: ['Northside Lab'],
        conclusion: null,
        results: { CRP: { value: '<0.5', unit: 'mg/L', referenceRange: '<5' }, Hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' } },
      },
    ]);
    expect(view.medications).toEqual([{ key: 'medication-0', name: 'Levothyroxine', dosage: '50mcg once daily', since: '2026-01-05', status: 'active' }]);
    expect(view.otherEntries).toBe(1);
  });
});
