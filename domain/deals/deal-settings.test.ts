import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dealSettingsSchema, exampleDealSettings, type DealSettings } from './deal-settings.ts';

const refusal = (settings: unknown) => {
  const result = v.safeParse(dealSettingsSchema, settings);
  return result.success ? null : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
};

const example = exampleDealSettings('TX');
const withState = (change: Partial<DealSettings['states'][number]>): DealSettings => ({
  ...example,
  states: [{ ...example.states[0]!, ...change }],
});

describe('deal settings', () => {
  it('seeds a complete example for the dealer’s state that passes its own rules', () => {
    expect(refusal(example)).toBeNull();
    expect(example.states.map((rule) => rule.state)).toEqual(['TX']);
    expect(example.tiers.map((tier) => tier.name.en)).toEqual(['Excellent 720+', 'Good 660–719', 'Fair 600–659', 'Rebuilding under 600']);
  });

  it('refuses a negative tax rate, naming the field', () => {
    expect(refusal(withState({ taxRatePercent: -1 }))).toEqual([
      ['states.0.taxRatePercent', 'Tax rate must be a percentage from 0 to 20 with at most three decimals.'],
    ]);
  });

  it('refuses a tax rate with more than three decimals', () => {
    expect(refusal(withState({ taxRatePercent: 6.2555 }))?.[0]?.[0]).toBe('states.0.taxRatePercent');
  });

  it('refuses a residual over 100 %, naming the field', () => {
    const residuals = [{ termMonths: 36, milesPerYear: 12_000, residualPercent: 101 }] as const;
    expect(refusal({ ...example, leasePrograms: { default: { residuals }, byMake: [] } })).toEqual([
      ['leasePrograms.default.residuals.0.residualPercent', 'Residual must be a whole percentage from 1 to 100.'],
    ]);
  });

  it('refuses a negative APR and term bands that do not reach 84 months', () => {
    const [first] = example.tiers;
    expect(refusal({ ...example, tiers: [{ ...first!, aprBands: [{ upToMonths: 84, aprPercent: -0.5 }] }] })?.[0]?.[0]).toBe(
      'tiers.0.aprBands.0.aprPercent',
    );
    expect(refusal({ ...example, tiers: [{ ...first!, aprBands: [{ upToMonths: 60, aprPercent: 5 }] }] })?.[0]?.[0]).toBe(
      'tiers.0.aprBands',
    );
  });

  it('refuses two rules for one state and two products with one id', () => {
    expect(refusal({ ...example, states: [example.states[0], example.states[0]] })?.[0]?.[0]).toBe('states');
    expect(refusal({ ...example, products: [example.products[0], example.products[0]] })?.[0]?.[0]).toBe('products');
  });

  it('refuses a product without a name in every language', () => {
    const [gap] = example.products;
    expect(refusal({ ...example, products: [{ ...gap!, name: { en: 'GAP' } }] })?.[0]?.[0]).toMatch(/^products\.0\.name/);
  });

  it('takes a rebate’s cars by stock number in capitals, and refuses one that is not a stock number or is named twice', () => {
    const rebate = { id: 'demo', name: example.tiers[0]!.name, amountCents: 50_000, makes: [], dealTypes: ['cash'] };
    const parsed = v.parse(dealSettingsSchema, { ...example, rebates: [{ ...rebate, stockNumbers: [' s100 ', 'T-7'] }] });
    expect(parsed.rebates[0]?.stockNumbers).toEqual(['S100', 'T-7']);
    expect(refusal({ ...example, rebates: [{ ...rebate, stockNumbers: ['S 100'] }] })).toEqual([
      ['rebates.0.stockNumbers.0', 'Stock numbers must each be 1 to 20 letters, digits or dashes, each once.'],
    ]);
    expect(refusal({ ...example, rebates: [{ ...rebate, stockNumbers: ['S100', 's100'] }] })?.[0]?.[0]).toBe('rebates.0.stockNumbers');
  });
});
