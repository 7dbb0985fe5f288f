import { useLingui } from '@lingui/react';
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { DEAL_TYPES, FINANCE_TERMS, LEASE_TAX_METHODS } from '../../../../domain/deals/deal-settings.ts';
import { US_STATE_CODES, US_STATE_OPTIONS } from '../../../../domain/us-states.ts';
import { emptyProgram, emptyText, type DealSettingsForm } from './deal-settings-form.ts';
import { Checkbox, DealTypes, GroupError, InFourLanguages, ResidualGrid, Select, TextInput } from './deal-settings-fields.tsx';
import { entryTitle, FIELD_LABELS, LEASE_TAX_METHOD_LABELS, type EntryList } from './deal-settings-labels.ts';

/** One part of the settings under its own heading, so that staff can move through the page by headings. */
function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="deal-settings__section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {hint ? <p className="edit-field__hint">{hint}</p> : null}
      {children}
    </section>
  );
}

/** An entry of a list (a state's rule, a tier, a product…): a fieldset named by its legend, with its own Remove. */
function Entry({
  title,
  removeLabel,
  onRemove,
  children,
}: {
  title: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="deal-settings__entry">
      <legend>{title}</legend>
      {children}
      <div className="deal-settings__entry-actions">
        <button type="button" className="button button--secondary" onClick={onRemove}>
          {removeLabel}
        </button>
      </div>
    </fieldset>
  );
}

function AddButton({
  label,
  onClick,
  buttonRef,
  disabled,
}: {
  label: string;
  onClick: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  disabled?: boolean;
}) {
  return (
    <button ref={buttonRef} type="button" className="button button--secondary deal-settings__add" onClick={onClick} disabled={disabled}>
      {label}
    </button>
  );
}

/** After a removal, focus goes to the list's Add button rather than to the top of the page. */
function useAddButton() {
  const ref = useRef<HTMLButtonElement>(null);
  return { ref, afterRemove: () => ref.current?.focus() };
}

/** An entry's title, in step with the name, state or make typed in it. */
function useEntryTitle(list: Exclude<EntryList, 'aprBands'>, index: number): string {
  const { i18n } = useLingui();
  const path =
    list === 'states'
      ? (`states.${index}.state` as const)
      : list === 'byMake'
        ? (`leasePrograms.byMake.${index}.make` as const)
        : (`${list}.${index}.name.en` as const);
  const text = useWatch<DealSettingsForm, typeof path>({ name: path });
  return entryTitle(i18n, list, index, text);
}

export function FeesSection() {
  const { i18n } = useLingui();
  return (
    <Section title={i18n._('Fees')}>
      <div className="edit-grid">
        <TextInput
          name="docFeeCents"
          label={i18n._(FIELD_LABELS.docFeeCents)}
          inputMode="decimal"
          hint={i18n._('Charged on every deal; each state’s rule says whether it is taxed.')}
        />
        <TextInput
          name="acquisitionFeeCents"
          label={i18n._(FIELD_LABELS.acquisitionFeeCents)}
          inputMode="decimal"
          hint={i18n._('Charged when a lease starts, on the capitalised cost.')}
        />
        <TextInput
          name="dispositionFeeCents"
          label={i18n._(FIELD_LABELS.dispositionFeeCents)}
          inputMode="decimal"
          hint={i18n._('Charged when a leased car is returned.')}
        />
        <TextInput
          name="excessMileageCentsPerMile"
          label={i18n._(FIELD_LABELS.excessMileageCentsPerMile)}
          inputMode="numeric"
          hint={i18n._('Charged at the end of a lease for each mile over its allowance.')}
        />
      </div>
    </Section>
  );
}

function StateRule({ index, taken, onRemove }: { index: number; taken: ReadonlySet<string>; onRemove: () => void }) {
  const { i18n } = useLingui();
  const title = useEntryTitle('states', index);
  const own = useWatch<DealSettingsForm, `states.${number}.state`>({ name: `states.${index}.state` });
  const states = US_STATE_OPTIONS.map((option) => ({
    value: option.value,
    label: option.label,
    disabled: option.value !== own && taken.has(option.value),
  }));
  const methods = LEASE_TAX_METHODS.map((method) => ({ value: method, label: i18n._(LEASE_TAX_METHOD_LABELS[method]) }));
  return (
    <Entry title={title} removeLabel={i18n._('Remove {name}', { name: title })} onRemove={onRemove}>
      <div className="edit-grid">
        <Select name={`states.${index}.state`} label={i18n._(FIELD_LABELS.state)} options={states} />
        <TextInput name={`states.${index}.taxRatePercent`} label={i18n._(FIELD_LABELS.taxRatePercent)} inputMode="decimal" />
        <TextInput
          name={`states.${index}.governmentFeesCents`}
          label={i18n._(FIELD_LABELS.governmentFeesCents)}
          inputMode="decimal"
          hint={i18n._('An estimate; never taxed.')}
        />
        <Select name={`states.${index}.leaseTaxMethod`} label={i18n._(FIELD_LABELS.leaseTaxMethod)} options={methods} />
      </div>
      <Checkbox name={`states.${index}.tradeInCredit`} label={i18n._(FIELD_LABELS.tradeInCredit)} />
      <Checkbox name={`states.${index}.docFeeTaxable`} label={i18n._(FIELD_LABELS.docFeeTaxable)} />
      <Checkbox name={`states.${index}.productsTaxable`} label={i18n._(FIELD_LABELS.productsTaxable)} />
    </Entry>
  );
}

export function StatesSection() {
  const { i18n } = useLingui();
  const { control } = useFormContext<DealSettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'states', keyName: 'key' });
  const rules = useWatch({ control, name: 'states' });
  const taken = new Set(rules.map((rule) => rule.state));
  const next = US_STATE_CODES.find((code) => !taken.has(code));
  const add = useAddButton();
  return (
    <Section
      title={i18n._('Tax and fees by state')}
      hint={i18n._('A shopper in a state without a rule is quoted without tax or government fees, and the quote says so.')}
    >
      <GroupError path="states" />
      {fields.map((field, index) => (
        <StateRule
          key={field.key}
          index={index}
          taken={taken}
          onRemove={() => {
            remove(index);
            add.afterRemove();
          }}
        />
      ))}
      <AddButton
        label={i18n._('Add a state')}
        buttonRef={add.ref}
        disabled={next === undefined}
        onClick={() =>
          next &&
          append({
            state: next,
            taxRatePercent: '',
            tradeInCredit: true,
            docFeeTaxable: false,
            productsTaxable: false,
            leaseTaxMethod: 'monthly',
            governmentFeesCents: '',
          })
        }
      />
    </Section>
  );
}

function AprBands({ tier }: { tier: number }) {
  const { i18n } = useLingui();
  const { control } = useFormContext<DealSettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: `tiers.${tier}.aprBands`, keyName: 'key' });
  const add = useAddButton();
  const terms = FINANCE_TERMS.map((months) => ({ value: String(months), label: String(months) }));
  return (
    <fieldset className="deal-settings__bands">
      <legend>{i18n._(FIELD_LABELS.aprBands)}</legend>
      <p className="edit-field__hint">
        {i18n._('Each band covers the terms up to its months, from the band before it; the last reaches 84 months.')}
      </p>
      <GroupError path={`tiers.${tier}.aprBands`} />
      {fields.map((field, band) => (
        <div key={field.key} className="deal-settings__band">
          <Select name={`tiers.${tier}.aprBands.${band}.upToMonths`} label={i18n._(FIELD_LABELS.upToMonths)} numbers options={terms} />
          <TextInput name={`tiers.${tier}.aprBands.${band}.aprPercent`} label={i18n._(FIELD_LABELS.aprPercent)} inputMode="decimal" />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              remove(band);
              add.afterRemove();
            }}
          >
            {i18n._('Remove APR band {number}', { number: band + 1 })}
          </button>
        </div>
      ))}
      <AddButton label={i18n._('Add an APR band')} buttonRef={add.ref} onClick={() => append({ upToMonths: 84, aprPercent: '' })} />
    </fieldset>
  );
}

function IdField({ name }: { name: `${'tiers' | 'rebates' | 'products'}.${number}.id` }) {
  const { i18n } = useLingui();
  return (
    <TextInput
      name={name}
      label={i18n._(FIELD_LABELS.id)}
      hint={i18n._('Lowercase letters, digits and dashes. Shared links and saved deals name it, so keep it once it is in use.')}
    />
  );
}

function Tier({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { i18n } = useLingui();
  const title = useEntryTitle('tiers', index);
  return (
    <Entry title={title} removeLabel={i18n._('Remove {name}', { name: title })} onRemove={onRemove}>
      <div className="edit-grid">
        <IdField name={`tiers.${index}.id`} />
        <TextInput name={`tiers.${index}.minScore`} label={i18n._(FIELD_LABELS.minScore)} inputMode="numeric" optional />
        <TextInput name={`tiers.${index}.maxScore`} label={i18n._(FIELD_LABELS.maxScore)} inputMode="numeric" optional />
        <TextInput
          name={`tiers.${index}.moneyFactor`}
          label={i18n._(FIELD_LABELS.moneyFactor)}
          inputMode="decimal"
          hint={i18n._('From 0 to 0.01, such as 0.0025.')}
        />
      </div>
      <InFourLanguages name={`tiers.${index}.name`} label="name" />
      <AprBands tier={index} />
    </Entry>
  );
}

export function TiersSection() {
  const { i18n } = useLingui();
  const { control } = useFormContext<DealSettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers', keyName: 'key' });
  const add = useAddButton();
  return (
    <Section
      title={i18n._('Credit tiers')}
      hint={i18n._('Shoppers choose their tier by name; its APR prices a loan and its money factor a lease.')}
    >
      <GroupError path="tiers" />
      {fields.map((field, index) => (
        <Tier
          key={field.key}
          index={index}
          onRemove={() => {
            remove(index);
            add.afterRemove();
          }}
        />
      ))}
      <AddButton
        label={i18n._('Add a credit tier')}
        buttonRef={add.ref}
        onClick={() =>
          append({ id: '', name: emptyText(), minScore: '', maxScore: '', aprBands: [{ upToMonths: 84, aprPercent: '' }], moneyFactor: '' })
        }
      />
    </Section>
  );
}

function MakeProgram({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { i18n } = useLingui();
  const title = useEntryTitle('byMake', index);
  return (
    <Entry title={title} removeLabel={i18n._('Remove {name}', { name: title })} onRemove={onRemove}>
      <TextInput
        name={`leasePrograms.byMake.${index}.make`}
        label={i18n._(FIELD_LABELS.make)}
        hint={i18n._('As the inventory spells it, such as Ford.')}
      />
      <ResidualGrid name={`leasePrograms.byMake.${index}.program`} />
    </Entry>
  );
}

export function LeaseProgramsSection() {
  const { i18n } = useLingui();
  const { control } = useFormContext<DealSettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'leasePrograms.byMake', keyName: 'key' });
  const offerDefault = useWatch({ control, name: 'leasePrograms.offerDefault' });
  const add = useAddButton();
  return (
    <Section
      title={i18n._('Lease programs')}
      hint={i18n._(
        'A make’s own program wins over the default. A car without an MSRP, or without a residual for the term and mileage chosen, is not leased.',
      )}
    >
      <Checkbox name="leasePrograms.offerDefault" label={i18n._(FIELD_LABELS.offerDefault)} />
      {offerDefault ? (
        <fieldset className="deal-settings__entry">
          <legend>{i18n._('Default program')}</legend>
          <ResidualGrid name="leasePrograms.default" />
        </fieldset>
      ) : null}
      <GroupError path="leasePrograms.byMake" />
      {fields.map((field, index) => (
        <MakeProgram
          key={field.key}
          index={index}
          onRemove={() => {
            remove(index);
            add.afterRemove();
          }}
        />
      ))}
      <AddButton
        label={i18n._('Add a program for a make')}
        buttonRef={add.ref}
        onClick={() => append({ make: '', program: emptyProgram() })}
      />
    </Section>
  );
}

function Rebate({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { i18n } = useLingui();
  const title = useEntryTitle('rebates', index);
  return (
    <Entry title={title} removeLabel={i18n._('Remove {name}', { name: title })} onRemove={onRemove}>
      <div className="edit-grid">
        <IdField name={`rebates.${index}.id`} />
        <TextInput name={`rebates.${index}.amountCents`} label={i18n._(FIELD_LABELS.amountCents)} inputMode="decimal" />
        <TextInput
          name={`rebates.${index}.makes`}
          label={i18n._(FIELD_LABELS.makes)}
          hint={i18n._('Separate makes with commas, as the inventory spells them; leave it empty for every make.')}
        />
        <TextInput
          name={`rebates.${index}.stockNumbers`}
          label={i18n._(FIELD_LABELS.stockNumbers)}
          hint={i18n._('Stock numbers of the cars it applies to, separated by commas; leave it empty for every car of its makes.')}
        />
      </div>
      <InFourLanguages name={`rebates.${index}.name`} label="name" />
      <DealTypes name={`rebates.${index}.dealTypes`} />
    </Entry>
  );
}

export function RebatesSection() {
  const { i18n } = useLingui();
  const { control } = useFormContext<DealSettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'rebates', keyName: 'key' });
  const add = useAddButton();
  return (
    <Section title={i18n._('Rebates')} hint={i18n._('Every rebate that applies to a car and a kind of deal is taken.')}>
      <GroupError path="rebates" />
      {fields.length === 0 ? <p>{i18n._('No rebates.')}</p> : null}
      {fields.map((field, index) => (
        <Rebate
          key={field.key}
          index={index}
          onRemove={() => {
            remove(index);
            add.afterRemove();
          }}
        />
      ))}
      <AddButton
        label={i18n._('Add a rebate')}
        buttonRef={add.ref}
        onClick={() => append({ id: '', name: emptyText(), amountCents: '', makes: '', stockNumbers: '', dealTypes: [...DEAL_TYPES] })}
      />
    </Section>
  );
}

function Product({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { i18n } = useLingui();
  const title = useEntryTitle('products', index);
  return (
    <Entry title={title} removeLabel={i18n._('Remove {name}', { name: title })} onRemove={onRemove}>
      <div className="edit-grid">
        <IdField name={`products.${index}.id`} />
        <TextInput name={`products.${index}.priceCents`} label={i18n._(FIELD_LABELS.priceCents)} inputMode="decimal" />
      </div>
      <InFourLanguages name={`products.${index}.name`} label="name" />
      <InFourLanguages name={`products.${index}.description`} label="description" multiline />
      <DealTypes name={`products.${index}.dealTypes`} />
      <Checkbox name={`products.${index}.taxable`} label={i18n._(FIELD_LABELS.taxable)} />
      <Checkbox name={`products.${index}.capitalisable`} label={i18n._(FIELD_LABELS.capitalisable)} />
    </Entry>
  );
}

export function ProductsSection() {
  const { i18n } = useLingui();
  const { control } = useFormContext<DealSettingsForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'products', keyName: 'key' });
  const add = useAddButton();
  return (
    <Section title={i18n._('Protection products')} hint={i18n._('Shoppers may add these to a deal of the kinds each is offered with.')}>
      <GroupError path="products" />
      {fields.length === 0 ? <p>{i18n._('No protection products.')}</p> : null}
      {fields.map((field, index) => (
        <Product
          key={field.key}
          index={index}
          onRemove={() => {
            remove(index);
            add.afterRemove();
          }}
        />
      ))}
      <AddButton
        label={i18n._('Add a protection product')}
        buttonRef={add.ref}
        onClick={() =>
          append({
            id: '',
            name: emptyText(),
            description: emptyText(),
            priceCents: '',
            dealTypes: [...DEAL_TYPES],
            taxable: false,
            capitalisable: false,
          })
        }
      />
    </Section>
  );
}
