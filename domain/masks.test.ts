import { describe, expect, it } from 'vitest';
import { applyDateMask, applyDigitMask, applyPhoneMask, applySsnMask, closeDatePart } from './masks.ts';

describe('phone input mask (000) 000-0000', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['55512345678', '(555) 123-4567'],
    ['+1 (555) 123-4567', '(555) 123-4567'],
    ['+15551234567', '(555) 123-4567'],
    ['1 555 123 4567', '(555) 123-4567'],
    ['555.123.4567', '(555) 123-4567'],
    ['+1 555', '(555'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['(555) ', '(555'],
    ['(555) 123-45678', '(555) 123-4567'],
    ['1555', '(155) 5'],
    ['(155) 512-34567', '(555) 123-4567'],
    ['abc', ''],
  ])('%j becomes %j', (input, masked) => {
    expect(applyPhoneMask(input)).toBe(masked);
  });
});

describe('SSN input mask 000-00-0000', () => {
  it.each([
    ['', ''],
    ['123', '123'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456', '123-45-6'],
    ['123456789', '123-45-6789'],
    ['1234567890', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
    ['123 45 6789', '123-45-6789'],
  ])('%j becomes %j', (input, masked) => {
    expect(applySsnMask(input)).toBe(masked);
  });
});

describe('date input mask 00/00/0000', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['01', '01'],
    ['013', '01/3'],
    ['0131', '01/31'],
    ['01311990', '01/31/1990'],
    ['013119901', '01/31/1990'],
    ['01/31/1990', '01/31/1990'],
    ['1990-01-31', '01/31/1990'],
    ['1/5/1990', '01/05/1990'],
    ['01.31.1990', '01/31/1990'],
  ])('%j becomes %j', (input, masked) => {
    expect(applyDateMask(input)).toBe(masked);
  });
});

describe('masking is stable', () => {
  it.each([
    [applyPhoneMask, '+1 (555) 123-4567'],
    [applyPhoneMask, '5551'],
    [applySsnMask, '123456'],
    [applyDateMask, '1990-01-31'],
    [applyDateMask, '013'],
  ])('masking the masked text again changes nothing (%#)', (mask, input) => {
    expect(mask(mask(input))).toBe(mask(input));
  });

  it('digits beyond the pattern are dropped', () => {
    expect(applyDigitMask('12345', '00-00')).toBe('12-34');
  });
});

describe('closing a date part with a slash', () => {
  it.each([
    ['4', '04/'],
    ['04/5', '04/05/'],
    ['12', null],
    ['04/05/19', null],
    ['', null],
  ])('%j then "/" gives %j', (before, after) => {
    expect(closeDatePart(before)).toBe(after);
  });
});
