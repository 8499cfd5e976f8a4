/**
 * LOINC codes (https://loinc.org) for the results the app reads off lab sheets and vitals records, both
 * ways: the FHIR export codes a result by its name and unit, an import finds the result a code stands for.
 * A code fixes what is measured and how (a mass or a molar concentration...), so a result is coded only
 * when its unit fits the code: glucose in mg/dL and in mmol/L are two codes, glucose in an unknown unit none.
 */
import { ucumCodeOf } from './ucum-units';

export const LOINC_SYSTEM = 'http://loinc.org';

/** FHIR's Observation category (terminology.hl7.org/CodeSystem/observation-category) a result belongs to. */
export type ObservationCategory = 'laboratory' | 'vital-signs';

export interface LabCode {
  loinc: string;
  /** LOINC's long common name. */
  display: string;
  category: ObservationCategory;
  /** The result key the app writes for it (as the extraction names a result: 'whiteBloodCells'). */
  key: string;
  /** The UCUM codes of the units it is measured in, the usual one first; none for a ratio without unit (INR). */
  units: readonly string[];
}

interface Entry extends LabCode {
  /** Other names sheets give it, besides its key. */
  aliases: readonly string[];
}

const lab = (loinc: string, display: string, key: string, units: string[], aliases: string[] = []): Entry => ({ loinc, display, category: 'laboratory', key, units, aliases });
const vital = (loinc: string, display: string, key: string, units: string[], aliases: string[] = []): Entry => ({ loinc, display, category: 'vital-signs', key, units, aliases });

const MASS_PER_DL = ['mg/dL'];
const ENZYME = ['U/L', '[IU]/L'];
const ELECTROLYTE = ['mmol/L', 'meq/L'];

const ENTRIES: readonly Entry[] = [
  // Complete blood count
  lab('718-7', 'Hemoglobin [Mass/volume] in Blood', 'hemoglobin', ['g/dL', 'g/L'], ['haemoglobin', 'hgb', 'hb']),
  lab('4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count', 'hematocrit', ['%'], ['haematocrit', 'hct']),
  lab('6690-2', 'Leukocytes [#/volume] in Blood by Automated count', 'whiteBloodCells', ['10*3/uL', '10*9/L', '/uL'], ['whiteBloodCellCount', 'wbc', 'wbcCount', 'leukocytes', 'whiteCellCount']),
  lab('789-8', 'Erythrocytes [#/volume] in Blood by Automated count', 'redBloodCells', ['10*6/uL', '10*12/L'], ['redBloodCellCount', 'rbc', 'rbcCount', 'erythrocytes', 'redCellCount']),
  lab('777-3', 'Platelets [#/volume] in Blood by Automated count', 'platelets', ['10*3/uL', '10*9/L'], ['plateletCount', 'plt']),
  lab('787-2', 'MCV [Entitic volume] by Automated count', 'mcv', ['fL'], ['meanCorpuscularVolume']),
  lab('785-6', 'MCH [Entitic mass] by Automated count', 'mch', ['pg'], ['meanCorpuscularHemoglobin']),
  lab('786-4', 'MCHC [Mass/volume] by Automated count', 'mchc', ['g/dL', 'g/L'], ['meanCorpuscularHemoglobinConcentration']),
  lab('788-0', 'Erythrocyte distribution width [Ratio] by Automated count', 'rdw', ['%'], ['redCellDistributionWidth']),
  lab('770-8', 'Neutrophils/100 leukocytes in Blood by Automated count', 'neutrophils', ['%']),
  lab('736-9', 'Lymphocytes/100 leukocytes in Blood by Automated count', 'lymphocytes', ['%']),
  // Iron
  lab('2276-4', 'Ferritin [Mass/volume] in Serum or Plasma', 'ferritin', ['ng/mL', 'ug/L']),
  lab('2498-4', 'Iron [Mass/volume] in Serum or Plasma', 'iron', ['ug/dL'], ['serumIron']),
  // Metabolic panel
  lab('2345-7', 'Glucose [Mass/volume] in Serum or Plasma', 'glucose', MASS_PER_DL, ['bloodGlucose', 'bloodSugar']),
  lab('14749-6', 'Glucose [Moles/volume] in Serum or Plasma', 'glucose', ['mmol/L'], ['bloodGlucose', 'bloodSugar']),
  lab('1558-6', 'Fasting glucose [Mass/volume] in Serum or Plasma', 'fastingGlucose', MASS_PER_DL, ['fastingBloodGlucose', 'fastingBloodSugar']),
  lab('2951-2', 'Sodium [Moles/volume] in Serum or Plasma', 'sodium', ELECTROLYTE, ['na']),
  lab('2823-3', 'Potassium [Moles/volume] in Serum or Plasma', 'potassium', ELECTROLYTE, ['k']),
  lab('2075-0', 'Chloride [Moles/volume] in Serum or Plasma', 'chloride', ELECTROLYTE, ['cl']),
  lab('2028-9', 'Carbon dioxide, total [Moles/volume] in Serum or Plasma', 'co2', ELECTROLYTE, ['carbonDioxide', 'totalCo2', 'bicarbonate', 'hco3']),
  lab('17861-6', 'Calcium [Mass/volume] in Serum or Plasma', 'calcium', MASS_PER_DL, ['ca']),
  lab('3094-0', 'Urea nitrogen [Mass/volume] in Serum or Plasma', 'bun', MASS_PER_DL, ['bloodUreaNitrogen', 'ureaNitrogen']),
  lab('2160-0', 'Creatinine [Mass/volume] in Serum or Plasma', 'creatinine', MASS_PER_DL),
  lab('14682-9', 'Creatinine [Moles/volume] in Serum or Plasma', 'creatinine', ['umol/L']),
  lab('33914-3', 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum or Plasma by Creatinine-based formula (MDRD)', 'egfr', ['mL/min/{1.73_m2}']),
  lab('1751-7', 'Albumin [Mass/volume] in Serum or Plasma', 'albumin', ['g/dL', 'g/L']),
  lab('2885-2', 'Protein [Mass/volume] in Serum or Plasma', 'totalProtein', ['g/dL', 'g/L'], ['protein']),
  lab('1975-2', 'Bilirubin.total [Mass/volume] in Serum or Plasma', 'bilirubin', MASS_PER_DL, ['totalBilirubin']),
  lab('1742-6', 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 'alt', ENZYME, ['sgpt', 'alanineAminotransferase', 'alanineTransaminase']),
  lab('1920-8', 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 'ast', ENZYME, ['sgot', 'aspartateAminotransferase', 'aspartateTransaminase']),
  lab('6768-6', 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma', 'alkalinePhosphatase', ENZYME, ['alp']),
  lab('3084-1', 'Urate [Mass/volume] in Serum or Plasma', 'uricAcid', MASS_PER_DL, ['urate']),
  // Lipid panel
  lab('2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma', 'totalCholesterol', MASS_PER_DL, ['cholesterol']),
  lab('14647-2', 'Cholesterol [Moles/volume] in Serum or Plasma', 'totalCholesterol', ['mmol/L'], ['cholesterol']),
  lab('2085-9', 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', 'hdlCholesterol', MASS_PER_DL, ['hdl', 'hdlC']),
  lab('14646-4', 'Cholesterol in HDL [Moles/volume] in Serum or Plasma', 'hdlCholesterol', ['mmol/L'], ['hdl', 'hdlC']),
  lab('13457-7', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation', 'ldlCholesterol', MASS_PER_DL, ['ldl', 'ldlC']),
  lab('2571-8', 'Triglyceride [Mass/volume] in Serum or Plasma', 'triglycerides', MASS_PER_DL, ['triglyceride', 'tg']),
  lab('14927-8', 'Triglyceride [Moles/volume] in Serum or Plasma', 'triglycerides', ['mmol/L'], ['triglyceride', 'tg']),
  // Thyroid
  lab('3016-3', 'Thyrotropin [Units/volume] in Serum or Plasma', 'tsh', ['m[IU]/L', 'u[IU]/mL'], ['thyrotropin', 'thyroidStimulatingHormone']),
  lab('3024-7', 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma', 'freeT4', ['ng/dL'], ['ft4', 't4Free']),
  lab('3051-0', 'Triiodothyronine (T3) Free [Mass/volume] in Serum or Plasma', 'freeT3', ['pg/mL'], ['ft3', 't3Free']),
  // Diabetes
  lab('4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood', 'hba1c', ['%'], ['hemoglobinA1c', 'haemoglobinA1c', 'a1c', 'glycatedHemoglobin']),
  // Vitamins, inflammation, prostate, clotting
  lab('1989-3', '25-Hydroxyvitamin D3+25-Hydroxyvitamin D2 [Mass/volume] in Serum or Plasma', 'vitaminD', ['ng/mL'], ['vitaminD25Oh', '25OhVitaminD', 'vitD']),
  lab('2132-9', 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma', 'vitaminB12', ['pg/mL'], ['b12', 'cobalamin']),
  lab('1988-5', 'C reactive protein [Mass/volume] in Serum or Plasma', 'crp', ['mg/L', 'mg/dL'], ['cReactiveProtein']),
  lab('2857-1', 'Prostate specific Ag [Mass/volume] in Serum or Plasma', 'psa', ['ng/mL'], ['prostateSpecificAntigen']),
  lab('6301-6', 'INR in Platelet poor plasma by Coagulation assay', 'inr', []),
  lab('5902-2', 'Prothrombin time (PT)', 'prothrombinTime', ['s'], ['pt']),
  // Vital signs
  vital('8867-4', 'Heart rate', 'heartRate', ['/min'], ['pulse', 'pulseRate', 'hr']),
  vital('40443-4', 'Heart rate --resting', 'restingHeartRate', ['/min'], ['restingHr', 'restingPulse']),
  vital('9279-1', 'Respiratory rate', 'respiratoryRate', ['/min'], ['respirationRate']),
  vital('8480-6', 'Systolic blood pressure', 'systolicBloodPressure', ['mm[Hg]'], ['systolic', 'systolicBp']),
  vital('8462-4', 'Diastolic blood pressure', 'diastolicBloodPressure', ['mm[Hg]'], ['diastolic', 'diastolicBp']),
  vital('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry', 'spo2', ['%'], ['oxygenSaturation']),
  vital('8310-5', 'Body temperature', 'temperature', ['Cel', '[degF]'], ['bodyTemperature']),
  vital('29463-7', 'Body weight', 'weight', ['kg', '[lb_av]'], ['bodyWeight']),
  vital('8302-2', 'Body height', 'height', ['cm', '[in_i]'], ['bodyHeight']),
  vital('39156-5', 'Body mass index (BMI) [Ratio]', 'bmi', ['kg/m2'], ['bodyMassIndex']),
];

/** A name as letters and digits only, in one case: 'whiteBloodCells', 'White Blood Cells' and 'white_blood_cells' meet. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

const ENTRIES_BY_NAME = new Map<string, Entry[]>();
for (const entry of ENTRIES) {
  for (const name of new Set([entry.key, ...entry.aliases].map(nameKey))) ENTRIES_BY_NAME.set(name, [...(ENTRIES_BY_NAME.get(name) ?? []), entry]);
}
const ENTRY_BY_LOINC = new Map(ENTRIES.map((entry) => [entry.loinc, entry]));

const codeOnly = ({ loinc, display, category, key, units }: Entry): LabCode => ({ loinc, display, category, key, units });

/**
 * The LOINC code of a result, by its key and the unit it is stored with; none when the app does not know
 * the test, or its unit does not fit the code (a result without a unit fits only a code without one).
 */
export function labCodeOf(resultKey: string, unit: string | null): LabCode | undefined {
  const ucum = unit === null ? undefined : ucumCodeOf(unit);
  if (unit !== null && !ucum) return undefined;
  const entry = ENTRIES_BY_NAME.get(nameKey(resultKey))?.find((candidate) => (ucum ? candidate.units.includes(ucum) : candidate.units.length === 0));
  return entry && codeOnly(entry);
}

/** What a LOINC code stands for in the app (its result key, category and usual unit), for an import. */
export function labCodeByLoinc(loinc: string): LabCode | undefined {
  const entry = ENTRY_BY_LOINC.get(loinc);
  return entry && codeOnly(entry);
}

/** Every code the app writes, for checking them against LOINC's check digits and UCUM. */
export const KNOWN_LAB_CODES: readonly LabCode[] = ENTRIES.map(codeOnly);
