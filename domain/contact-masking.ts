/**
 * Contact details as staff see them before their session's passkey check
 * (docs/decisions/010-staff-sessions-and-passkeys.md): enough to tell two rows apart, not enough to
 * write to or call anyone.
 */

const HIDDEN = '•••';

/** "jane@example.com" → "j•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const first = Array.from(email)[0];
  return at > 0 && first ? `${first}${HIDDEN}${email.slice(at)}` : HIDDEN;
}

/** "(555) 123-0147" → "•••-•••-0147": the last four digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${HIDDEN}-${HIDDEN}-${digits.length >= 4 ? digits.slice(-4) : '••••'}`;
}

/** A list row with its email and phone masked; an absent one stays absent. */
export function maskContacts<T extends { email: string | null; phone: string | null }>(item: T): T {
  return { ...item, email: item.email === null ? null : maskEmail(item.email), phone: item.phone === null ? null : maskPhone(item.phone) };
}
