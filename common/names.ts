/**
 * How people's names are shown, on every screen and in every server-written sentence.
 * Pure TypeScript: no Node or DOM imports.
 */

/** 'Dr.' or 'Dr' (any case) and what separates it from the name: a roster entry may carry its own title. */
const DOCTOR_TITLE = /^dr(?:\.\s*|\s+)/i;

/** 'Dr. {name}', without doubling a title the stored name already carries ('Dr. Sarah Chen', 'dr Sarah Chen'). */
export function doctorLabel(name: string): string {
  const trimmed = name.trim();
  return DOCTOR_TITLE.test(trimmed) ? trimmed : `Dr. ${trimmed}`;
}

/** A chat line's writer wherever the chat is shown or exported: the doctor with their title, a guest marked as one. */
export function chatSenderLabel(sender: 'patient' | 'doctor' | 'guest', name: string): string {
  if (sender === 'doctor') return doctorLabel(name);
  return sender === 'guest' ? `${name} (guest)` : name;
}

/** The name without a leading doctor title ('Dr. Sarah Chen' -> 'Sarah Chen'), e.g. for initials. */
export function withoutDoctorTitle(name: string): string {
  return name.trim().replace(DOCTOR_TITLE, '');
}

/** Words after a name that are not part of it: a generational suffix, a credential, a number. */
const NAME_SUFFIX = /^(?:jr|sr|ii|iii|iv|md|phd|rn|np|\d.*)\.?$/i;

/** Two letters for an avatar: the first and last words of the name, past a doctor title and a suffix ('Dr. Ana Ruiz, MD' -> 'AR'). */
export function nameInitials(name: string): string {
  const words = withoutDoctorTitle(name).split(/[\s,]+/).filter(Boolean);
  const named = words.filter((word, i) => i === 0 || !NAME_SUFFIX.test(word));
  const initial = (word: string | undefined) => (word ? Array.from(word)[0]! : '');
  return (initial(named[0]) + (named.length > 1 ? initial(named[named.length - 1]) : '')).toUpperCase() || '?';
}

/** A person's full name: first and last name, whichever are present, else the username (if any). */
export function personName(person: { firstName?: string | null; lastName?: string | null; username?: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || (person.username ?? '');
}
