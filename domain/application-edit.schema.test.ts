import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicationEditSchema } from './application-edit.schema.ts';
import { applicationToFormValues } from './application-mapping.ts';
import { validationMessages as m } from './messages.ts';
import { applicationRecord, errorsOf } from './test-fixtures.ts';

/** The edit form as it opens on the fixture application, with some fields changed. */
const formValues = (overrides: Record<string, unknown> = {}) => ({ ...applicationToFormValues(applicationRecord()), ...overrides });
const blankAddress = { line1: '', line2: '', city: '', state: '', postalCode: '' };
const blankEmployment = {
  employerName: '',
  occupation: '',
  workPhone: '',
  status: '',
  employerAddress: blankAddress,
  totalMonthsEmployed: '',
};

describe('application edit form (staff)', () => {
  it('the form as loaded is valid', () => {
    expect(errorsOf(applicationEditSchema, formValues())).toEqual({});
  });

  it.each([
    ['firstName', 'Mary Ann', {}],
    ['firstName', "D'Angelo", {}],
    ['firstName', 'Smith-Jones', {}],
    ['firstName', 'Иван', { firstName: m.firstNameInvalid }],
    ['firstName', 'J0hn', { firstName: m.firstNameInvalid }],
    ['firstName', '', { firstName: m.firstNameRequired }],
    ['lastName', 'Петренко', { lastName: m.lastNameInvalid }],
    ['lastName', '', { lastName: m.lastNameRequired }],
  ])('%s %j gives %j (letters, spaces, apostrophes, hyphens only)', (field, value, errors) => {
    expect(errorsOf(applicationEditSchema, formValues({ [field]: value }))).toEqual(errors);
  });

  it.each([
    ['left empty', '', {}],
    ['02/29 of a leap year', '02/29/2000', {}],
    ['02/29 of a year that is not a leap year', '02/29/2001', { dateOfBirth: m.dateInvalid }],
    ['02/30', '02/30/2000', { dateOfBirth: m.dateInvalid }],
    ['month 13', '13/01/2000', { dateOfBirth: m.dateInvalid }],
    ['in the ISO form', '2000-01-31', { dateOfBirth: m.dateInvalid }],
    ['before 1900', '01/01/1850', { dateOfBirth: m.dateInvalid }],
  ])('date of birth %s gives %j', (_case, dateOfBirth, errors) => {
    expect(errorsOf(applicationEditSchema, formValues({ dateOfBirth }))).toEqual(errors);
  });

  it.each([
    ['(555) 123-4567', {}],
    ['555-1234', { phone: m.phoneInvalid }],
    ['', { phone: m.phoneRequired }],
  ])('phone %j gives %j', (phone, errors) => {
    expect(errorsOf(applicationEditSchema, formValues({ phone }))).toEqual(errors);
  });

  it.each([
    ['left empty', '', ''],
    ['formatted', '123-45-6789', '123-45-6789'],
    ['as nine digits', '123456789', '123-45-6789'],
    ['masked by the server', '***-**-6789', '***-**-6789'],
  ])('SSN %s is accepted as %j', (_case, ssn, expected) => {
    expect(v.parse(applicationEditSchema, formValues({ ssn })).ssn).toBe(expected);
  });

  it.each([
    ['8 digits', '12345678'],
    ['10 digits', '1234567890'],
    ['a partly masked number', '***-45-6789'],
  ])('SSN of %s is refused', (_case, ssn) => {
    expect(errorsOf(applicationEditSchema, formValues({ ssn }))).toEqual({ ssn: m.ssnInvalid });
  });

  it.each([
    ['the area 666', '666-12-3456'],
    ['the area 987', '987-65-4321'],
    ['the group 00', '123-00-6789'],
  ])('SSN with %s is refused: the SSA never issues it', (_case, ssn) => {
    expect(errorsOf(applicationEditSchema, formValues({ ssn }))).toEqual({ ssn: m.ssnNeverIssued });
  });

  it.each([
    ['Rent', '', { mortgageOrRentAmount: m.monthlyPaymentRequired }],
    ['Rent', '99.99', { mortgageOrRentAmount: m.rentTooLow }],
    ['Rent', '100', {}],
    ['Mortgage', '', {}],
    ['OwnOutright', '0', {}],
    ['Military', '-5', { mortgageOrRentAmount: m.monthlyPaymentNegative }],
    ['Castle', '', { housingStatus: m.chooseOption }],
    ['', '', { housingStatus: m.housingStatusRequired }],
  ])('housing status %j with an amount of %j gives %j', (housingStatus, mortgageOrRentAmount, errors) => {
    expect(errorsOf(applicationEditSchema, formValues({ housingStatus, mortgageOrRentAmount }))).toEqual(errors);
  });

  it.each([
    ['income', '0', { income: m.monthlyIncomeTooLow }],
    ['income', '1', {}],
    ['income', '', { income: m.monthlyIncomeRequired }],
    ['otherIncomeAmount', '-1', { otherIncomeAmount: m.additionalIncomeNegative }],
    ['otherIncomeAmount', '0', {}],
    ['otherIncomeAmount', '', {}],
    ['otherIncomeSource', 'Аренда', { otherIncomeSource: m.organizationInvalid }],
    ['monthsAtCurrentAddress', '-1', { monthsAtCurrentAddress: m.totalMonthsInvalid }],
    ['monthsAtCurrentAddress', '0', {}],
    ['monthsAtCurrentAddress', '', { monthsAtCurrentAddress: m.monthsRequired }],
    ['incomeFrequency', 'Weekly', { incomeFrequency: m.chooseOption }],
  ])('%s %j gives %j', (field, value, errors) => {
    expect(errorsOf(applicationEditSchema, formValues({ [field]: value }))).toEqual(errors);
  });

  it('income frequency left out is Monthly', () => {
    const { incomeFrequency: _omitted, ...values } = formValues();
    expect(v.parse(applicationEditSchema, values).incomeFrequency).toBe('Monthly');
  });

  it.each([
    ['workPhone', '555', { 'currentEmployment.workPhone': m.phoneInvalid }],
    ['workPhone', '', {}],
    ['employerName', '', { 'currentEmployment.employerName': m.employerNameRequired }],
    ['status', '', { 'currentEmployment.status': m.employmentStatusRequired }],
    ['totalMonthsEmployed', '', {}],
    ['totalMonthsEmployed', '-1', { 'currentEmployment.totalMonthsEmployed': m.totalMonthsInvalid }],
    ['totalMonthsEmployed', '1.5', { 'currentEmployment.totalMonthsEmployed': m.totalMonthsInvalid }],
    ['totalMonthsEmployed', 'many', { 'currentEmployment.totalMonthsEmployed': m.totalMonthsInvalid }],
    ['totalMonthsEmployed', '1212', { 'currentEmployment.totalMonthsEmployed': m.timeTooLong }],
  ])('current employment %s %j gives %j', (field, value, errors) => {
    const values = formValues();
    expect(errorsOf(applicationEditSchema, { ...values, currentEmployment: { ...values.currentEmployment, [field]: value } })).toEqual(
      errors,
    );
  });

  it.each([
    ['4 digits', '1234', { 'currentEmployment.employerAddress.postalCode': m.zipInvalid }],
    ['5 digits', '12345', {}],
    ['6 digits', '123456', { 'currentEmployment.employerAddress.postalCode': m.zipInvalid }],
  ])('employer ZIP code of %s gives %j', (_case, postalCode, errors) => {
    const values = formValues();
    const currentEmployment = { ...values.currentEmployment, employerAddress: { ...values.currentEmployment.employerAddress, postalCode } };
    expect(errorsOf(applicationEditSchema, { ...values, currentEmployment })).toEqual(errors);
  });

  it('blank previous address, previous employment and employer address become null', () => {
    const values = formValues();
    const result = v.parse(applicationEditSchema, {
      ...values,
      previousAddress: blankAddress,
      previousEmployment: blankEmployment,
      currentEmployment: { ...values.currentEmployment, employerAddress: { ...blankAddress, line2: '  ' } },
    });
    expect([result.previousAddress, result.previousEmployment, result.currentEmployment.employerAddress]).toEqual([null, null, null]);
  });

  it('a partly filled previous address must be completed', () => {
    expect(errorsOf(applicationEditSchema, formValues({ previousAddress: { ...blankAddress, city: 'Peoria' } }))).toEqual({
      'previousAddress.line1': m.addressRequired,
      'previousAddress.state': m.stateRequired,
      'previousAddress.postalCode': m.zipRequired,
    });
  });

  it('a partly filled previous employment must be completed', () => {
    expect(errorsOf(applicationEditSchema, formValues({ previousEmployment: { ...blankEmployment, occupation: 'Clerk' } }))).toEqual({
      'previousEmployment.employerName': m.employerNameRequired,
      'previousEmployment.status': m.employmentStatusRequired,
    });
  });

  it('a previous address that is not an object is refused', () => {
    expect(errorsOf(applicationEditSchema, formValues({ previousAddress: 'none' }))).toEqual({ previousAddress: m.invalidValue });
  });

  it('missing groups are asked for field by field', () => {
    const { address: _address, currentEmployment: _employment, previousAddress: _previous, ...values } = formValues();
    expect(errorsOf(applicationEditSchema, values)).toEqual({
      'address.line1': m.addressRequired,
      'address.city': m.cityRequired,
      'address.state': m.stateRequired,
      'address.postalCode': m.zipRequired,
      'currentEmployment.employerName': m.employerNameRequired,
      'currentEmployment.status': m.employmentStatusRequired,
    });
  });
});
