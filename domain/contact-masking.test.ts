import { describe, expect, it } from 'vitest';
import { maskContacts, maskEmail, maskPhone } from './contact-masking.ts';

describe('contact details before the passkey check', () => {
  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••@example.com');
  });

  it('hides all of a text that is not an email', () => {
    expect(maskEmail('@example.com')).toBe('•••');
    expect(maskEmail('nobody')).toBe('•••');
  });

  it('keeps the last four digits of a phone number, however it is written', () => {
    expect(maskPhone('(555) 123-0147')).toBe('•••-•••-0147');
    expect(maskPhone('+15551230147')).toBe('•••-•••-0147');
  });

  it('hides every digit of a number too short to keep four', () => {
    expect(maskPhone('12')).toBe('•••-•••-••••');
  });

  it('masks both contacts of a row and leaves its other fields and absent contacts alone', () => {
    expect(maskContacts({ id: 7, email: 'ann@example.org', phone: null })).toEqual({ id: 7, email: 'a•••@example.org', phone: null });
  });
});
