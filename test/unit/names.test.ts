import { doctorLabel, nameInitials, personName, withoutDoctorTitle } from '../../common/names';
import { callPartnerName } from '../../web/scenes/video-call/call-partner-name';

describe('doctor label', () => {
  it('adds the title once', () => {
    expect(doctorLabel('Sarah Chen')).toBe('Dr. Sarah Chen');
    expect(doctorLabel('Dr. Sarah Chen')).toBe('Dr. Sarah Chen');
    expect(doctorLabel('dr Sarah Chen')).toBe('dr Sarah Chen');
    expect(doctorLabel('Drew Carey')).toBe('Dr. Drew Carey');
  });

  it.each([
    ['Jane Smith', 'Dr. Jane Smith'],
    ['Dr. Jane Smith', 'Dr. Jane Smith'],
    ['  Dr. Jane Smith  ', 'Dr. Jane Smith'],
    ['Dr Jane Smith', 'Dr Jane Smith'],
    ['DR. Jane Smith', 'DR. Jane Smith'],
    ['dr.Jane Smith', 'dr.Jane Smith'],
    ['Dre Smith', 'Dr. Dre Smith'],
    ['Drake Ng', 'Dr. Drake Ng'],
  ])('%j shows as %j, never with the title twice', (stored, shown) => {
    expect(doctorLabel(stored)).toBe(shown);
    expect(doctorLabel(stored)).not.toMatch(/^dr\.?\s*dr\b/i);
  });

  it('is stable: labelling a label changes nothing', () => {
    for (const name of ['Jane Smith', 'Dr. Jane Smith', 'dr Jane Smith']) expect(doctorLabel(doctorLabel(name))).toBe(doctorLabel(name));
  });
});

describe('name without the doctor title', () => {
  it.each([
    ['Dr. Jane Smith', 'Jane Smith'],
    ['dr Jane Smith', 'Jane Smith'],
    ['DR.Jane Smith', 'Jane Smith'],
    ['Jane Smith', 'Jane Smith'],
    ['Drew Carey', 'Drew Carey'],
  ])('%j -> %j', (stored, bare) => {
    expect(withoutDoctorTitle(stored)).toBe(bare);
  });
});

describe('person name', () => {
  it('joins the first and last name that are present, else falls back to the username', () => {
    expect(personName({ firstName: 'Nora', lastName: 'Quinn', username: 'nora' })).toBe('Nora Quinn');
    expect(personName({ firstName: 'Nora', lastName: null, username: 'nora' })).toBe('Nora');
    expect(personName({ firstName: '', lastName: 'Quinn' })).toBe('Quinn');
    expect(personName({ firstName: null, lastName: null, username: 'nora' })).toBe('nora');
    expect(personName({ firstName: '', lastName: '' })).toBe('');
  });
});

describe("the device check's title", () => {
  it('titles the doctor once and names the patient for the doctor', () => {
    expect(callPartnerName({ doctorName: 'Dr. Maya Okafor' })).toBe('Dr. Maya Okafor');
    expect(callPartnerName({ doctorName: 'Maya Okafor' })).toBe('Dr. Maya Okafor');
    expect(callPartnerName({ doctorName: 'Dr. Maya Okafor', patient: { id: 'p', firstName: 'Nora', lastName: 'Quinn', email: 'n@q.test', phone: null, emergencyContact: null } })).toBe('Nora Quinn');
  });
});

describe('avatar initials', () => {
  it.each([
    ['Dr. Sarah Chen', 'SC'],
    ['Maya Okafor', 'MO'],
    ['Ana María Ruiz', 'AR'],
    ['Ana Ruiz, MD', 'AR'],
    ['James Hall Jr.', 'JH'],
    ['Robin Patient 12', 'RP'],
    ['Minh Do', 'MD'],
    ['cher', 'C'],
    ['Łukasz Żak', 'ŁŻ'],
    ['𝓐lex Kim', '𝓐K'],
    ['   ', '?'],
  ])('%j -> %j', (name, shown) => {
    expect(nameInitials(name)).toBe(shown);
  });
});
