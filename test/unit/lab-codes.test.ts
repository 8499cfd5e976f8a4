import { createRequire } from 'node:module';
import { KNOWN_LAB_CODES, labCodeByLoinc, labCodeOf } from '../../common/lab-codes';
import { KNOWN_UCUM_CODES, appUnitOf, ucumCodeOf } from '../../common/ucum-units';
import { resultKey } from '../../common/records';

/** The package ships no types: UCUM's own validator, with its table of units. */
interface UcumUtils {
  validateUnitString(unit: string): { status: 'valid' | 'invalid' | 'error'; msg: string[] };
}
const ucum = (createRequire(import.meta.url)('@lhncbc/ucum-lhc') as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance();

/** LOINC's own check digit (its "Mod 10" rule): the odd places from the right, as a number, doubled; the even places added; up to a ten. */
function loincCheckDigit(number: string): number {
  const fromRight = [...number].reverse();
  const odd = fromRight.filter((_, index) => index % 2 === 0).join('');
  const even = fromRight.filter((_, index) => index % 2 === 1);
  const sum = [...String(Number(odd) * 2), ...even].reduce((total, digit) => total + Number(digit), 0);
  return (10 - (sum % 10)) % 10;
}

const isLoinc = (code: string) => {
  const match = /^(\d{1,7})-(\d)$/.exec(code);
  return match !== null && loincCheckDigit(match[1]!) === Number(match[2]);
};

describe('the UCUM units the app writes', () => {
  it('are all valid UCUM, and so is every unit a lab code is measured in', () => {
    const codes = new Set([...KNOWN_UCUM_CODES, ...KNOWN_LAB_CODES.flatMap((code) => code.units)]);
    const invalid = [...codes].filter((code) => ucum.validateUnitString(code).status !== 'valid');
    expect(invalid).toEqual([]);
    expect(ucum.validateUnitString('bpm').status).not.toBe('valid');
  });

  it('read the spellings of lab sheets, and give the app its own spelling back', () => {
    expect(['bpm', '10^3/uL', 'x10^3/µL', 'K/uL', 'mEq/L', 'mg/dl', 'ml/min/1.73 m2', 'µIU/mL', 'cells/mcL'].map(ucumCodeOf)).toEqual(['/min', '10*3/uL', '10*3/uL', '10*3/uL', 'meq/L', 'mg/dL', 'mL/min/{1.73_m2}', 'u[IU]/mL', '/uL']);
    expect([ucumCodeOf('widgets'), ucumCodeOf(null), ucumCodeOf('')]).toEqual([undefined, undefined, undefined]);
    expect(['/min', '10*3/uL', 'meq/L', 'mg/dL', 'kat'].map(appUnitOf)).toEqual(['bpm', '10^3/uL', 'mEq/L', 'mg/dL', 'kat']);
    for (const code of KNOWN_UCUM_CODES) expect(ucumCodeOf(appUnitOf(code))).toBe(code);
  });
});

describe('the LOINC codes the app writes', () => {
  it('have valid check digits, one entry each, in units the app can write', () => {
    expect(KNOWN_LAB_CODES.filter((code) => !isLoinc(code.loinc)).map((code) => code.loinc)).toEqual([]);
    expect(isLoinc('718-6')).toBe(false);
    const loincs = KNOWN_LAB_CODES.map((code) => code.loinc);
    expect(new Set(loincs).size).toBe(loincs.length);
    expect(KNOWN_LAB_CODES.flatMap((code) => code.units).filter((unit) => !KNOWN_UCUM_CODES.includes(unit))).toEqual([]);
  });

  it('are found by the name the extraction gives a result and by its unit', () => {
    const codeOf = (name: string, unit: string | null) => labCodeOf(resultKey(name), unit)?.loinc;
    expect(codeOf('Hemoglobin', 'g/dL')).toBe('718-7');
    expect(codeOf('White Blood Cells (WBC)', '10^3/uL')).toBe('6690-2');
    expect(codeOf('WBC', 'x10^9/L')).toBe('6690-2');
    expect(codeOf('HbA1c', '%')).toBe('4548-4');
    expect(codeOf('Hemoglobin A1c', '%')).toBe('4548-4');
    expect(codeOf('LDL Cholesterol', 'mg/dL')).toBe('13457-7');
    expect(codeOf('Resting Heart Rate', 'bpm')).toBe('40443-4');
    expect(codeOf('TSH', 'mIU/L')).toBe('3016-3');
    expect(codeOf('eGFR', 'mL/min/1.73m2')).toBe('33914-3');
    expect(codeOf('Sodium', 'mEq/L')).toBe('2951-2');
    expect(codeOf('INR', null)).toBe('6301-6');
    // A unit that does not fit the code's property gets the code that fits, or none.
    expect([codeOf('Glucose', 'mg/dL'), codeOf('Glucose', 'mmol/L'), codeOf('Glucose', 'g/dL'), codeOf('Glucose', 'widgets'), codeOf('Glucose', null)]).toEqual(['2345-7', '14749-6', undefined, undefined, undefined]);
    expect(codeOf('Max Heart Rate', 'bpm')).toBeUndefined();
    expect(labCodeOf('restingHeartRate', 'bpm')?.category).toBe('vital-signs');
    expect(labCodeOf('ferritin', 'ng/mL')?.category).toBe('laboratory');
  });

  it('read back to the result key, category and usual unit an import would store', () => {
    expect(labCodeByLoinc('6690-2')).toMatchObject({ key: 'whiteBloodCells', category: 'laboratory', units: ['10*3/uL', '10*9/L', '/uL'] });
    expect(labCodeByLoinc('8867-4')).toMatchObject({ key: 'heartRate', category: 'vital-signs' });
    expect(labCodeByLoinc('0000-0')).toBeUndefined();
    for (const code of KNOWN_LAB_CODES) expect(labCodeOf(code.key, code.units[0] ? appUnitOf(code.units[0]) : null)).toEqual(code);
  });
});
