import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validationMessages as m } from './messages.ts';
import {
  addressInput,
  draftInput,
  errorsOf,
  fixedClock,
  housingInput,
  incomeInput,
  personalInput,
  previousEmploymentInput,
} from './test-fixtures.ts';
import {
  applicationDraftSchema,
  createApplicationDraftSchema,
  createEmptyApplicationDraft,
  createPersonalSchema,
  driverLicenseSchema,
  housingSchema,
  incomeSchema,
  NO_PREVIOUS_EMPLOYMENT,
} from './wizard.schema.ts';

const personal = createPersonalSchema(fixedClock); // today is 06/15/2026
const blankAddress = { line1: '', line2: '', city: '', state: '', postalCode: '' };

describe('personal information step', () => {
  it('accepts a complete, valid step and outputs clean values', () => {
    expect(v.parse(personal, personalInput({ firstName: '  Mary   Ann ', phone: '5551234567', ssn: '123456789' }))).toEqual({
      firstName: 'Mary Ann',
      lastName: "O'Brien",
      suffix: 'none',
      email: 'mary@example.com',
      verifyEmail: 'mary@example.com',
      phone: '(555) 123-4567',
      dateOfBirth: '01/31/1990',
      ssn: '123-45-6789',
      maritalStatus: 'Married',
    });
  });

  it('asks for every required field of an empty step', () => {
    expect(errorsOf(personal, {})).toEqual({
      firstName: m.firstNameRequired,
      lastName: m.lastNameRequired,
      email: m.emailRequired,
      verifyEmail: m.verifyEmailRequired,
      phone: m.phoneRequired,
      dateOfBirth: m.dateOfBirthRequired,
      ssn: m.ssnRequired,
      maritalStatus: m.maritalStatusRequired,
    });
  });

  it.each([
    ['a name with a space', 'Mary Ann', 'Mary Ann'],
    ['a name with an apostrophe', "O'Brien", "O'Brien"],
    ['a name with a phone keyboard apostrophe', 'O\u2019Brien', "O'Brien"],
    ['a double-barrelled name', 'Smith-Jones', 'Smith-Jones'],
  ])('first name: %s is accepted (%s)', (_case, firstName, expected) => {
    expect(v.parse(personal, personalInput({ firstName })).firstName).toBe(expected);
  });

  it.each([
    ['Cyrillic letters', 'Иван', m.firstNameInvalid],
    ['digits', 'John3', m.firstNameInvalid],
    ['an emoji', 'John😀', m.firstNameInvalid],
    ['accented letters', 'José', m.firstNameInvalid],
    ['a leading hyphen', '-John', m.firstNameInvalid],
    ['only spaces', '   ', m.firstNameRequired],
    ['more than 50 letters', 'A'.repeat(51), m.tooLong50],
  ])('first name with %s is refused', (_case, firstName, message) => {
    expect(errorsOf(personal, personalInput({ firstName }))).toEqual({ firstName: message });
  });

  it.each([
    ['Cyrillic letters', 'Петренко', m.lastNameInvalid],
    ['digits', 'Smith2', m.lastNameInvalid],
    ['nothing', '', m.lastNameRequired],
  ])('last name with %s is refused', (_case, lastName, message) => {
    expect(errorsOf(personal, personalInput({ lastName }))).toEqual({ lastName: message });
  });

  it.each([
    ['an address without @', 'mary.example.com', { email: m.emailInvalid }],
    ['an address without a domain', 'mary@', { email: m.emailInvalid }],
    ['an address over 254 characters', `${'a'.repeat(250)}@x.com`, { email: m.tooLong254 }],
  ])('email: %s is refused and no mismatch is reported on top', (_case, email, errors) => {
    expect(errorsOf(personal, personalInput({ email, verifyEmail: email }))).toEqual(errors);
  });

  it.each([
    ['the same address', 'mary@example.com', {}],
    ['the same address in other letter case', 'MARY@Example.COM', {}],
    ['the same address with spaces around it', '  mary@example.com ', {}],
    ['a different address', 'marie@example.com', { verifyEmail: m.emailsMustMatch }],
    ['nothing', '', { verifyEmail: m.verifyEmailRequired }],
  ])('verify email: %s gives %j', (_case, verifyEmail, errors) => {
    expect(errorsOf(personal, personalInput({ verifyEmail }))).toEqual(errors);
  });

  it.each([
    ['10 digits', '5551234567', '(555) 123-4567'],
    ['10 digits with a leading 1', '1555123456', '(155) 512-3456'],
    ['11 digits with a leading 1', '15551234567', '(555) 123-4567'],
    ['+1 and a formatted number', '+1 (555) 123-4567', '(555) 123-4567'],
    ['a number with dots', '555.123.4567', '(555) 123-4567'],
  ])('phone of %s (%j) is accepted as %j', (_case, phone, expected) => {
    expect(v.parse(personal, personalInput({ phone })).phone).toBe(expected);
  });

  it.each([
    ['9 digits', '555123456'],
    ['9 digits with a leading 1', '155512345'],
    ['11 digits without a leading 1', '25551234567'],
    ['12 digits with a leading 1', '155512345678'],
    ['+1 and 9 digits', '+1555123456'],
    ['+ and 10 digits without the 1', '+5551234567'],
    ['a plus sign inside the number', '555+1234567'],
    ['letters among the digits', 'abc5551234567'],
  ])('phone of %s (%j) is refused: must be 10 digits', (_case, phone) => {
    expect(errorsOf(personal, personalInput({ phone }))).toEqual({ phone: m.phoneInvalid });
  });

  it.each([
    ['9 digits', '123456789', '123-45-6789'],
    ['9 digits already formatted', '123-45-6789', '123-45-6789'],
    ['9 digits with spaces', '123 45 6789', '123-45-6789'],
  ])('SSN of %s (%j) is accepted as %j', (_case, ssn, expected) => {
    expect(v.parse(personal, personalInput({ ssn })).ssn).toBe(expected);
  });

  it.each([
    ['8 digits', '12345678'],
    ['10 digits', '1234567890'],
    ['a letter', '123-45-678a'],
  ])('SSN of %s (%j) is refused: must be 9 digits', (_case, ssn) => {
    expect(errorsOf(personal, personalInput({ ssn }))).toEqual({ ssn: m.ssnInvalid });
  });

  it.each([
    ['the area 000', '000-12-3456'],
    ['the area 666', '666-12-3456'],
    ['the area 900', '900-12-3456'],
    ['the area 999', '999-12-3456'],
    ['the group 00', '123-00-4567'],
    ['the serial 0000', '123-45-0000'],
    ['nothing but zeros', '000000000'],
  ])('SSN with %s (%j) is refused: the SSA never issues it', (_case, ssn) => {
    expect(errorsOf(personal, personalInput({ ssn }))).toEqual({ ssn: m.ssnNeverIssued });
  });

  it.each([
    ['the area 001', '001-01-0001'],
    ['the area 665', '665-12-3456'],
    ['the area 667', '667-12-3456'],
    ['the area 899', '899-99-9999'],
  ])('SSN with %s (%j) is accepted: the SSA can issue it', (_case, ssn) => {
    expect(errorsOf(personal, personalInput({ ssn }))).toEqual({});
  });

  it.each([
    ['02/29 of a leap year', '02/29/2000', {}],
    ['02/29 of a year that is not a leap year', '02/29/2001', { dateOfBirth: m.dateInvalid }],
    ['02/29/1900, a century that is not a leap year', '02/29/1900', { dateOfBirth: m.dateInvalid }],
    ['02/30', '02/30/2000', { dateOfBirth: m.dateInvalid }],
    ['month 13', '13/01/2000', { dateOfBirth: m.dateInvalid }],
    ['day 00', '01/00/2000', { dateOfBirth: m.dateInvalid }],
    ['a single-digit month', '1/31/1990', { dateOfBirth: m.dateInvalid }],
    ['the ISO form', '1990-01-31', { dateOfBirth: m.dateInvalid }],
    ['a year before 1900', '12/31/1899', { dateOfBirth: m.dateInvalid }],
    ['a birthday making the applicant 18 today', '06/15/2008', {}],
    ['a birthday making the applicant 17 today (18 tomorrow)', '06/16/2008', { dateOfBirth: m.applicantUnderage }],
    ['today', '06/15/2026', { dateOfBirth: m.applicantUnderage }],
    ['tomorrow', '06/16/2026', { dateOfBirth: m.dateOfBirthInFuture }],
    ['a date next year', '01/01/2027', { dateOfBirth: m.dateOfBirthInFuture }],
  ])('date of birth on %s gives %j', (_case, dateOfBirth, errors) => {
    expect(errorsOf(personal, personalInput({ dateOfBirth }))).toEqual(errors);
  });

  it.each([
    ['02/28/2026', m.applicantUnderage],
    ['03/01/2026', undefined],
  ])('someone born on 02/29/2008 is 18 on 03/01 of a non-leap year: today %s', (today, message) => {
    const [month, day, year] = today.split('/').map(Number) as [number, number, number];
    const schema = createPersonalSchema(() => new Date(year, month - 1, day, 12));
    expect(errorsOf(schema, personalInput({ dateOfBirth: '02/29/2008' })).dateOfBirth).toBe(message);
  });

  it('the exported schema uses the real date', () => {
    expect(errorsOf(createPersonalSchema(), personalInput({ dateOfBirth: '01/01/2999' }))).toEqual({
      dateOfBirth: m.dateOfBirthInFuture,
    });
    expect(errorsOf(createPersonalSchema(), personalInput())).toEqual({});
  });

  it.each([
    ['Married', {}],
    ['Unmarried', {}],
    ['', { maritalStatus: m.maritalStatusRequired }],
    ['Divorced', { maritalStatus: m.chooseOption }],
  ])('marital status %j gives %j', (maritalStatus, errors) => {
    expect(errorsOf(personal, personalInput({ maritalStatus }))).toEqual(errors);
  });

  it.each([
    ['missing', undefined, 'none'],
    ['empty', '', 'none'],
    ['null', null, 'none'],
    ['Jr.', 'Jr.', 'Jr.'],
    ['IV', 'IV', 'IV'],
  ])('suffix %s becomes %j', (_case, suffix, expected) => {
    expect(v.parse(personal, personalInput({ suffix })).suffix).toBe(expected);
  });

  it('suffix outside the list is refused', () => {
    expect(errorsOf(personal, personalInput({ suffix: 'V' }))).toEqual({ suffix: m.chooseOption });
  });
});

describe('housing step', () => {
  it.each([
    ['Rent', '99.99', { monthlyPayment: m.rentTooLow }],
    ['Rent', '100', {}],
    ['Rent', 100, {}],
    ['Rent', '0', { monthlyPayment: m.rentTooLow }],
    ['Rent', '', { monthlyPayment: m.monthlyPaymentRequired }],
    ['Rent', 'a lot', { monthlyPayment: m.monthlyPaymentNotNumber }],
    ['Rent', '10000001', { monthlyPayment: m.amountTooLarge }],
    ['Mortgage', '', {}],
    ['Mortgage', '-1', { monthlyPayment: m.monthlyPaymentNegative }],
    ['OwnOutright', '0', {}],
    ['Family', null, {}],
  ])('%s with a monthly payment of %j gives %j', (ownership, monthlyPayment, errors) => {
    expect(errorsOf(housingSchema, housingInput({ ownership, monthlyPayment }))).toEqual(errors);
  });

  it.each([
    ['$1,234.50', 1234.5],
    [' 950 ', 950],
    ['', undefined],
  ])('monthly payment text %j is read as %j', (monthlyPayment, expected) => {
    expect(v.parse(housingSchema, housingInput({ ownership: 'Mortgage', monthlyPayment })).monthlyPayment).toBe(expected);
  });

  it.each([
    ['', { ownership: m.housingStatusRequired }],
    ['Hotel', { ownership: m.chooseOption }],
  ])('housing status %j gives %j', (ownership, errors) => {
    expect(errorsOf(housingSchema, housingInput({ ownership, monthlyPayment: '' }))).toEqual(errors);
  });

  it.each([
    ['-1', { monthsAtAddress: m.monthsInvalid }],
    ['0', {}],
    ['11', {}],
    ['12', { monthsAtAddress: m.monthsInvalid }],
    ['5.5', { monthsAtAddress: m.monthsInvalid }],
    ['six', { monthsAtAddress: m.monthsInvalid }],
    ['', { monthsAtAddress: m.monthsRequired }],
  ])('months at the address %j gives %j', (monthsAtAddress, errors) => {
    expect(errorsOf(housingSchema, housingInput({ monthsAtAddress }))).toEqual(errors);
  });

  it.each([
    ['-1', { yearsAtAddress: m.yearsInvalid }],
    ['2', {}],
    ['100', {}],
    ['101', { yearsAtAddress: m.timeTooLong }],
    ['1.5', { yearsAtAddress: m.yearsInvalid }],
    ['', { yearsAtAddress: m.yearsRequired }],
  ])('years at the address %j gives %j', (yearsAtAddress, errors) => {
    expect(errorsOf(housingSchema, housingInput({ yearsAtAddress }))).toEqual(errors);
  });

  it.each([
    ['4 digits', '1234', { postalCode: m.zipInvalid }],
    ['5 digits', '12345', {}],
    ['6 digits', '123456', { postalCode: m.zipInvalid }],
    ['letters', '1234A', { postalCode: m.zipInvalid }],
    ['ZIP+4', '12345-6789', { postalCode: m.zipInvalid }],
    ['nothing', '', { postalCode: m.zipRequired }],
  ])('ZIP code of %s gives %j', (_case, postalCode, errors) => {
    expect(errorsOf(housingSchema, housingInput({ postalCode }))).toEqual(errors);
  });

  it.each([
    ['', { state: m.stateRequired }],
    ['XX', { state: m.stateInvalid }],
    ['DC', {}],
    ['il', {}],
  ])('state %j gives %j', (state, errors) => {
    expect(errorsOf(housingSchema, housingInput({ state }))).toEqual(errors);
  });

  it('a state code typed in lower case is kept in upper case', () => {
    expect(v.parse(housingSchema, housingInput({ state: 'il' })).state).toBe('IL');
  });

  it.each([
    ['address', 'ул. Ленина 5', m.addressInvalid],
    ['address', '12 Main St 😀', m.addressInvalid],
    ['address', '#12 Main St', m.addressInvalid],
    ['address', '---', m.addressInvalid],
    ['address', '', m.addressRequired],
    ['city', 'Київ', m.cityInvalid],
    ['city', 'Springfield 2', m.cityInvalid],
    ['city', '', m.cityRequired],
    ['suiteAptNumber', 'Кв. 5', m.suiteInvalid],
  ])('%s %j is refused (Latin characters only)', (field, value, message) => {
    expect(errorsOf(housingSchema, housingInput({ [field]: value }))).toEqual({ [field]: message });
  });

  it.each([
    ['address', "12 O'Neil St., Bldg 3-A"],
    ['city', 'St. Louis'],
    ['city', "Coeur d'Alene"],
    ['city', 'Winston-Salem'],
    ['suiteAptNumber', '#4B'],
    ['suiteAptNumber', 'Unit 1/2'],
    ['suiteAptNumber', ''],
  ])('%s %j is accepted', (field, value) => {
    expect(errorsOf(housingSchema, housingInput({ [field]: value }))).toEqual({});
  });

  it.each([
    ['1 year 11 months (23 months)', '1', '11', true],
    ['2 years 0 months (24 months)', '2', '0', false],
    ['0 years 0 months', '0', '0', true],
  ])('at the current address for %s: previous address required = %s', (_case, yearsAtAddress, monthsAtAddress, required) => {
    const errors = errorsOf(housingSchema, housingInput({ yearsAtAddress, monthsAtAddress, previousAddress: blankAddress }));
    expect(errors).toEqual(
      required
        ? {
            'previousAddress.line1': m.addressRequired,
            'previousAddress.city': m.cityRequired,
            'previousAddress.state': m.stateRequired,
            'previousAddress.postalCode': m.zipRequired,
          }
        : {},
    );
  });

  it('a previous address given while under 2 years is kept, cleaned', () => {
    const housing = v.parse(
      housingSchema,
      housingInput({ yearsAtAddress: '1', monthsAtAddress: '11', previousAddress: addressInput({ state: 'il', line2: ' Apt 2 ' }) }),
    );
    expect(housing.previousAddress).toEqual({ line1: '9 Oak Ave', line2: 'Apt 2', city: 'Peoria', state: 'IL', postalCode: '61602' });
  });

  it('a previous address left over from a shorter stay is dropped at 2 years', () => {
    const housing = v.parse(housingSchema, housingInput({ yearsAtAddress: '2', previousAddress: addressInput({ city: 'Київ' }) }));
    expect(housing.previousAddress).toBeUndefined();
  });

  it('a missing previous address group counts as blank', () => {
    const { previousAddress: _omitted, ...withoutPrevious } = housingInput({ yearsAtAddress: '0' });
    expect(errorsOf(housingSchema, withoutPrevious)['previousAddress.line1']).toBe(m.addressRequired);
  });

  it.each([
    ['line1', 'ул. Ленина 5', m.addressInvalid],
    ['city', 'Київ', m.cityInvalid],
    ['postalCode', '1234', m.zipInvalid],
    ['state', 'XX', m.stateInvalid],
    ['line2', '№5', m.suiteInvalid],
  ])('previous address %s %j is refused', (field, value, message) => {
    const errors = errorsOf(housingSchema, housingInput({ yearsAtAddress: '0', previousAddress: addressInput({ [field]: value }) }));
    expect(errors).toEqual({ [`previousAddress.${field}`]: message });
  });

  it('does not ask for a previous address while the years are wrong', () => {
    expect(errorsOf(housingSchema, housingInput({ yearsAtAddress: 'one', previousAddress: blankAddress }))).toEqual({
      yearsAtAddress: m.yearsInvalid,
    });
  });

  it.each([
    ['nothing', null],
    ['a number', 5],
  ])('a housing step that is %s is refused as a whole', (_case, input) => {
    expect(errorsOf(housingSchema, input)).toEqual({ '': m.invalidValue });
  });

  it('a previous address that is not an object is refused', () => {
    expect(errorsOf(housingSchema, housingInput({ yearsAtAddress: '0', previousAddress: 'none' }))).toEqual({
      previousAddress: m.invalidValue,
    });
  });
});

describe('income step', () => {
  it.each([
    ['0', { monthlyIncome: m.monthlyIncomeTooLow }],
    ['0.99', { monthlyIncome: m.monthlyIncomeTooLow }],
    ['1', {}],
    [1, {}],
    ['2,500', {}],
    ['', { monthlyIncome: m.monthlyIncomeRequired }],
    [null, { monthlyIncome: m.monthlyIncomeRequired }],
    ['plenty', { monthlyIncome: m.monthlyIncomeNotNumber }],
    ['10000001', { monthlyIncome: m.amountTooLarge }],
  ])('monthly income %j gives %j', (monthlyIncome, errors) => {
    expect(errorsOf(incomeSchema, incomeInput({ monthlyIncome }))).toEqual(errors);
  });

  it('monthly income typed as "2500" is output as the number 2500', () => {
    expect(v.parse(incomeSchema, incomeInput({ monthlyIncome: '2500' })).monthlyIncome).toBe(2500);
  });

  it.each([
    ['a student without a school name', 'Student', { employerName: '', schoolName: '' }, { schoolName: m.schoolNameRequired }],
    ['a student with a school name and no employer', 'Student', { employerName: '', schoolName: 'State University' }, {}],
    [
      'an employed applicant without an employer name',
      'Employed',
      { employerName: '', schoolName: '' },
      { employerName: m.employerNameRequired },
    ],
    ['a retired applicant without an employer name', 'Retired', { employerName: '' }, { employerName: m.employerNameRequired }],
    ['an unknown status', 'Astronaut', {}, { employmentStatus: m.chooseOption }],
    ['no status', '', {}, { employmentStatus: m.employmentStatusRequired }],
  ])('%s gives %j', (_case, employmentStatus, fields, errors) => {
    expect(errorsOf(incomeSchema, incomeInput({ employmentStatus, ...fields }))).toEqual(errors);
  });

  it.each([
    ['employerName', 'Рога и копыта'],
    ['schoolName', 'Київський університет'],
    ['occupation', 'Инженер'],
    ['additionalIncomeSource', 'Аренда'],
  ])('%s in Cyrillic (%j) is refused', (field, value) => {
    expect(errorsOf(incomeSchema, incomeInput({ [field]: value, additionalIncomeAmount: '' }))).toEqual({
      [field]: m.organizationInvalid,
    });
  });

  it.each(['AT&T', "Macy's", 'Johnson & Johnson (US)', '3M', 'Ben/Jerry Co.'])('employer name %j is accepted', (employerName) => {
    expect(errorsOf(incomeSchema, incomeInput({ employerName }))).toEqual({});
  });

  it.each([
    ['employerPhone', '555123456', { employerPhone: m.phoneInvalid }],
    ['employerPhone', '', {}],
    ['schoolPhone', '5551234567', {}],
    ['schoolPhone', '25551234567', { schoolPhone: m.phoneInvalid }],
  ])('%s %j gives %j', (field, value, errors) => {
    expect(errorsOf(incomeSchema, incomeInput({ [field]: value }))).toEqual(errors);
  });

  it.each([
    ['4 digits', '1234', { zip: m.zipInvalid }],
    ['5 digits', '12345', {}],
    ['6 digits', '123456', { zip: m.zipInvalid }],
    ['letters', 'ABCDE', { zip: m.zipInvalid }],
  ])('employer ZIP of %s gives %j', (_case, zip, errors) => {
    expect(errorsOf(incomeSchema, incomeInput({ zip }))).toEqual(errors);
  });

  it.each([
    ['only the city', { city: 'Springfield' }, { streetAddress: m.addressRequired, state: m.stateRequired, zip: m.zipRequired }],
    [
      'only the suite',
      { suitNumber: 'Suite 5' },
      { streetAddress: m.addressRequired, city: m.cityRequired, state: m.stateRequired, zip: m.zipRequired },
    ],
    ['street, city, state and ZIP', { streetAddress: '1 Acme Way', city: 'Springfield', state: 'IL', zip: '62702' }, {}],
    ['an unknown state', { streetAddress: '1 Acme Way', city: 'Springfield', state: 'ZZ', zip: '62702' }, { state: m.stateInvalid }],
  ])('employer address with %s gives %j', (_case, fields, errors) => {
    const blank = { streetAddress: '', suitNumber: '', city: '', state: '', zip: '' };
    expect(errorsOf(incomeSchema, incomeInput({ ...blank, ...fields }))).toEqual(errors);
  });

  it.each([
    ['-1', 'Rent', { additionalIncomeAmount: m.additionalIncomeNegative }],
    ['0', '', {}],
    ['', '', {}],
    ['lots', 'Rent', { additionalIncomeAmount: m.additionalIncomeNotNumber }],
    ['500', '', { additionalIncomeSource: m.additionalIncomeSourceRequired }],
    ['500', 'Rental income', {}],
  ])('additional income %j from %j gives %j', (additionalIncomeAmount, additionalIncomeSource, errors) => {
    expect(errorsOf(incomeSchema, incomeInput({ additionalIncomeAmount, additionalIncomeSource }))).toEqual(errors);
  });

  it.each([
    ['-1', { monthsAtEmployer: m.monthsInvalid }],
    ['0', {}],
    ['11', {}],
    ['12', { monthsAtEmployer: m.monthsInvalid }],
  ])('months at the employer %j gives %j', (monthsAtEmployer, errors) => {
    expect(errorsOf(incomeSchema, incomeInput({ monthsAtEmployer }))).toEqual(errors);
  });

  it.each([
    ['-1', { yearsAtEmployer: m.yearsInvalid }],
    ['0', {}],
  ])('years at the employer %j gives %j', (yearsAtEmployer, errors) => {
    expect(
      errorsOf(incomeSchema, incomeInput({ yearsAtEmployer, monthsAtEmployer: '0', previousEmployment: previousEmploymentInput() })),
    ).toEqual(errors);
  });

  it.each([
    ['1 year 11 months (23 months)', '1', '11', true],
    ['2 years 0 months (24 months)', '2', '0', false],
  ])('at the current job for %s: previous employment required = %s', (_case, yearsAtEmployer, monthsAtEmployer, required) => {
    const errors = errorsOf(incomeSchema, incomeInput({ yearsAtEmployer, monthsAtEmployer }));
    expect(errors).toEqual(
      required
        ? {
            'previousEmployment.employerName': m.employerNameRequired,
            'previousEmployment.yearsEmployed': m.yearsRequired,
            'previousEmployment.monthsEmployed': m.monthsRequired,
            'previousEmployment.occupation': m.occupationRequired,
            'previousEmployment.status': m.employmentStatusRequired,
            'previousEmployment.address.line1': m.addressRequired,
            'previousEmployment.address.city': m.cityRequired,
            'previousEmployment.address.state': m.stateRequired,
            'previousEmployment.address.postalCode': m.zipRequired,
          }
        : {},
    );
  });

  it.each([
    ['0 years 0 months', '0', '0', { 'previousEmployment.monthsEmployed': m.previousEmploymentTooShort }],
    ['0 years 1 month', '0', '1', {}],
    ['2 years 0 months', '2', '0', {}],
    ['1.5 years', '1.5', '0', { 'previousEmployment.yearsEmployed': m.yearsInvalid }],
    ['12 months', '0', '12', { 'previousEmployment.monthsEmployed': m.monthsInvalid }],
    ['101 years', '101', '0', { 'previousEmployment.yearsEmployed': m.timeTooLong }],
  ])('a previous job of %s gives %j', (_case, yearsEmployed, monthsEmployed, errors) => {
    const income = incomeInput({ yearsAtEmployer: '0', previousEmployment: previousEmploymentInput({ yearsEmployed, monthsEmployed }) });
    expect(errorsOf(incomeSchema, income)).toEqual(errors);
  });

  it.each(['Unemployed', 'Student', 'Retired'])('a previous job cannot have the status %s', (status) => {
    const income = incomeInput({ yearsAtEmployer: '0', previousEmployment: previousEmploymentInput({ status }) });
    expect(errorsOf(incomeSchema, income)).toEqual({ 'previousEmployment.status': m.chooseOption });
  });

  it('under 2 years, a declaration of no previous employment stands in for the previous job and is output as such', () => {
    const input = incomeInput({ yearsAtEmployer: '0', monthsAtEmployer: '5', noPreviousEmployment: NO_PREVIOUS_EMPLOYMENT });
    expect(errorsOf(incomeSchema, input)).toEqual({});
    const income = v.parse(incomeSchema, input);
    expect(income.noPreviousEmployment).toBe(true);
    expect(income.previousEmployment).toBeUndefined();
  });

  it('at 2 years or more the declaration is not kept: no previous job was asked for', () => {
    const income = v.parse(incomeSchema, incomeInput({ noPreviousEmployment: NO_PREVIOUS_EMPLOYMENT }));
    expect(income.noPreviousEmployment).toBe(false);
  });

  const statusInput = (employmentStatus: string, overrides: Record<string, unknown> = {}) =>
    incomeInput({
      employmentStatus,
      employerName: '',
      occupation: '',
      employerPhone: '',
      streetAddress: '',
      city: '',
      state: '',
      zip: '',
      ...overrides,
    });

  it.each([
    [
      'Employed',
      { employerName: 'Acme Corp', occupation: 'Engineer', streetAddress: '1 Acme Way', city: 'Springfield', state: 'IL', zip: '62702' },
    ],
    ['Self-Employed', { employerName: 'Jane Doe Design', streetAddress: '12 Elm St.', city: 'Springfield', state: 'IL', zip: '62701' }],
    ['Active Military', { employerName: 'US Army', streetAddress: '1 Fort Rd', city: 'Killeen', state: 'TX', zip: '76544' }],
    ['Other', { employerName: 'Disability benefits' }],
    ['Student', { schoolName: 'UT Dallas' }],
    ['Retired', { employerName: 'Social Security' }],
    ['Retired Military', { employerName: 'US Navy' }],
    ['Unemployed', { employerName: 'Unemployment benefits' }],
  ])('a %s applicant completes the step with what the status is asked', (status, answers) => {
    expect(errorsOf(incomeSchema, statusInput(status, answers))).toEqual({});
  });

  it('a workplace’s address is required, as a previous job’s is', () => {
    expect(errorsOf(incomeSchema, statusInput('Employed', { employerName: 'Acme Corp' }))).toEqual({
      streetAddress: m.addressRequired,
      city: m.cityRequired,
      state: m.stateRequired,
      zip: m.zipRequired,
    });
  });

  it('what a status is not asked is not output', () => {
    const income = v.parse(incomeSchema, incomeInput({ employmentStatus: 'Retired', schoolName: 'UT Dallas' }));
    expect(income).toMatchObject({
      employerName: 'Acme Corp',
      schoolName: '',
      occupation: '',
      employerPhone: '',
      streetAddress: '',
      state: '',
      zip: '',
    });
  });

  it.each([
    ['employerName', 'Рога и копыта', m.organizationInvalid],
    ['occupation', 'Инженер', m.organizationInvalid],
    ['status', 'Pirate', m.chooseOption],
  ])('previous employment %s %j is refused', (field, value, message) => {
    const income = incomeInput({ yearsAtEmployer: '0', previousEmployment: previousEmploymentInput({ [field]: value }) });
    expect(errorsOf(incomeSchema, income)).toEqual({ [`previousEmployment.${field}`]: message });
  });

  it('previous employer address follows the address rules', () => {
    const previousEmployment = previousEmploymentInput({ address: addressInput({ city: 'Київ', postalCode: '1234' }) });
    expect(errorsOf(incomeSchema, incomeInput({ yearsAtEmployer: '1', previousEmployment }))).toEqual({
      'previousEmployment.address.city': m.cityInvalid,
      'previousEmployment.address.postalCode': m.zipInvalid,
    });
  });

  it('a valid previous employment is output with numbers', () => {
    const income = v.parse(incomeSchema, incomeInput({ yearsAtEmployer: '1', previousEmployment: previousEmploymentInput() }));
    expect(income.previousEmployment).toEqual({
      employerName: 'Globex',
      yearsEmployed: 2,
      monthsEmployed: 6,
      occupation: 'Clerk',
      status: 'Employed',
      address: { line1: '9 Oak Ave', line2: '', city: 'Peoria', state: 'IL', postalCode: '61602' },
    });
  });
});

describe('driver license step', () => {
  it.each([
    ['both sides', { front: 'data:image/jpeg;base64,AA', back: 'upload-1' }, {}],
    ['no front', { front: '', back: 'upload-1' }, { front: m.frontOfLicenseRequired }],
    ['no back', { front: 'upload-1', back: null }, { back: m.backOfLicenseRequired }],
    ['nothing', {}, { front: m.frontOfLicenseRequired, back: m.backOfLicenseRequired }],
  ])('with %s gives %j', (_case, input, errors) => {
    expect(errorsOf(driverLicenseSchema, input)).toEqual(errors);
  });
});

describe('application draft', () => {
  const draft = createApplicationDraftSchema(fixedClock);

  it('a complete draft passes', () => {
    expect(errorsOf(draft, draftInput())).toEqual({});
  });

  it.each([
    ['', null],
    [null, null],
    ['3F1C2B4A-1111-4222-8333-444455556666', '3F1C2B4A-1111-4222-8333-444455556666'],
  ])('car id %j becomes %j', (carId, expected) => {
    expect(v.parse(draft, draftInput({ carId })).carId).toBe(expected);
  });

  it('a car id that is not a uuid is refused', () => {
    expect(errorsOf(draft, draftInput({ carId: 'car-1' }))).toEqual({ carId: m.invalidValue });
  });

  it('the empty draft asks for every required field of every step', () => {
    expect(errorsOf(applicationDraftSchema, createEmptyApplicationDraft())).toEqual({
      'personal.firstName': m.firstNameRequired,
      'personal.lastName': m.lastNameRequired,
      'personal.email': m.emailRequired,
      'personal.verifyEmail': m.verifyEmailRequired,
      'personal.phone': m.phoneRequired,
      'personal.dateOfBirth': m.dateOfBirthRequired,
      'personal.ssn': m.ssnRequired,
      'personal.maritalStatus': m.maritalStatusRequired,
      'housing.ownership': m.housingStatusRequired,
      'housing.address': m.addressRequired,
      'housing.city': m.cityRequired,
      'housing.state': m.stateRequired,
      'housing.postalCode': m.zipRequired,
      'housing.yearsAtAddress': m.yearsRequired,
      'housing.monthsAtAddress': m.monthsRequired,
      'income.employmentStatus': m.employmentStatusRequired,
      'income.monthlyIncome': m.monthlyIncomeRequired,
      'income.yearsAtEmployer': m.yearsRequired,
      'income.monthsAtEmployer': m.monthsRequired,
      'driverLicense.front': m.frontOfLicenseRequired,
      'driverLicense.back': m.backOfLicenseRequired,
    });
  });

  it('reset gives a fresh empty draft each time', () => {
    const first = createEmptyApplicationDraft();
    first.personal.firstName = 'Changed';
    first.housing.previousAddress.city = 'Changed';
    expect(createEmptyApplicationDraft().personal.firstName).toBe('');
    expect(createEmptyApplicationDraft().housing.previousAddress.city).toBe('');
  });

  it('a validated draft fed back in gives the same values', () => {
    const once = v.parse(draft, draftInput({ housing: housingInput({ yearsAtAddress: '0', previousAddress: addressInput() }) }));
    expect(v.parse(draft, once)).toEqual(once);
  });
});
