/**
 * Units as the app writes them (as a lab sheet prints them: 'bpm', '10^3/uL', 'mEq/L') and their UCUM
 * codes (https://ucum.org), both ways: the FHIR export codes a result's unit, an import reads it back.
 */

export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

/** [UCUM code, the app's usual spelling, other spellings seen on lab sheets]. */
const UNITS: ReadonlyArray<readonly [ucum: string, usual: string, ...others: string[]]> = [
  ['g/dL', 'g/dL'],
  ['g/L', 'g/L'],
  ['mg/dL', 'mg/dL'],
  ['mg/L', 'mg/L'],
  ['ug/dL', 'ug/dL'],
  ['ug/L', 'ug/L'],
  ['ng/mL', 'ng/mL'],
  ['ng/dL', 'ng/dL'],
  ['pg/mL', 'pg/mL'],
  ['pg', 'pg'],
  ['fL', 'fL'],
  ['mmol/L', 'mmol/L'],
  ['umol/L', 'umol/L'],
  ['meq/L', 'mEq/L'],
  ['U/L', 'U/L'],
  ['[IU]/L', 'IU/L'],
  ['m[IU]/L', 'mIU/L'],
  ['m[IU]/mL', 'mIU/mL'],
  ['u[IU]/mL', 'uIU/mL'],
  ['10*3/uL', '10^3/uL', 'x10^3/uL', 'K/uL', '10^3/mm3'],
  ['10*6/uL', '10^6/uL', 'x10^6/uL', 'M/uL', '10^6/mm3'],
  ['10*9/L', '10^9/L', 'x10^9/L'],
  ['10*12/L', '10^12/L', 'x10^12/L'],
  ['/uL', 'cells/uL', '/uL', 'cells/mm3'],
  ['/[HPF]', '/hpf'],
  ['mm[Hg]', 'mmHg'],
  ['/min', 'bpm', '/min', 'beats/min', 'breaths/min'],
  ['mL/min', 'mL/min'],
  ['mL/min/{1.73_m2}', 'mL/min/1.73m2'],
  ['s', 'sec', 's'],
  ['%', '%'],
  ['Cel', '°C'],
  ['[degF]', '°F'],
  ['kg', 'kg'],
  ['[lb_av]', 'lb', 'lbs'],
  ['cm', 'cm'],
  ['[in_i]', 'in'],
  ['kg/m2', 'kg/m2'],
];

/** One spelling for the many a sheet uses: case, spaces, 'µ' or 'mc' for micro, an 'x' before a power of ten. */
function spellingKey(unit: string): string {
  return unit
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[µμ]/g, 'u')
    .replace(/mc(?=[gl])/g, 'u')
    .replace(/^[x×](?=10)/, '');
}

const UCUM_BY_SPELLING = new Map(UNITS.flatMap(([ucum, ...spellings]) => spellings.map((spelling) => [spellingKey(spelling), ucum] as const)));
const USUAL_BY_UCUM = new Map(UNITS.map(([ucum, usual]) => [ucum, usual]));

/** The UCUM code of a unit as the app stores it ('bpm' -> '/min', '10^3/uL' -> '10*3/uL'), if the app knows it. */
export function ucumCodeOf(unit: string | null | undefined): string | undefined {
  return unit ? UCUM_BY_SPELLING.get(spellingKey(unit)) : undefined;
}

/** The app's spelling of a UCUM code ('/min' -> 'bpm'), for reading a coded unit back; unknown codes as they are. */
export function appUnitOf(ucumCode: string): string {
  return USUAL_BY_UCUM.get(ucumCode) ?? ucumCode;
}

/** Every UCUM code the app writes, for checking them against UCUM itself. */
export const KNOWN_UCUM_CODES: readonly string[] = UNITS.map(([ucum]) => ucum);
