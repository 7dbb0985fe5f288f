import { useLingui } from '@lingui/react';
import { FormProvider, useFormState, useWatch } from 'react-hook-form';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { SettingsVersion, StaleSettingsNotice, UnnamedError, useVersionedSettings } from '../../components/staff/settings-save.tsx';
import { SubmitBar } from '../../components/staff/submit-bar.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { staffDealSettingsQuery, useStaffDealSettings } from './api/get-deal-settings.ts';
import { useSaveDealSettings } from './api/save-deal-settings.ts';
import {
  dealSettingsResolver,
  errorKey,
  fieldId,
  formPathOf,
  openErrors,
  toFormValues,
  type DealSettingsForm,
} from './deal-settings-form.ts';
import { describePath, errorText } from './deal-settings-labels.ts';
import {
  FeesSection,
  LeaseProgramsSection,
  ProductsSection,
  RebatesSection,
  StatesSection,
  TiersSection,
} from './deal-settings-sections.tsx';
import './staff-deals.css';

/** Every open error, in page order, each a link to its field (components/form/error-summary.tsx). */
function SettingsErrorSummary({ focusToken }: { focusToken: number }) {
  const { i18n } = useLingui();
  const { errors } = useFormState<DealSettingsForm>();
  const values = useWatch<DealSettingsForm>() as DealSettingsForm;
  const items = openErrors(errors, values).map(({ path, message }) => ({
    key: path,
    fieldId: fieldId(path),
    text: `${describePath(i18n, values, path)}: ${errorText(i18n, path, message)}`,
  }));
  return <ErrorSummary titleId="deal-settings-errors-title" heading="h3" items={items} focusToken={focusToken} />;
}

/**
 * The settings form, from the version it was loaded with: Save sends the whole settings with that
 * version (docs/product/staff-dashboard.md#deal-settings). Whatever is refused stays on screen.
 */
function DealSettingsEditor({ initial }: { initial: DealSettingsAnswer }) {
  const { i18n } = useLingui();
  const editor = useVersionedSettings({
    initial,
    resolver: dealSettingsResolver,
    toFormValues,
    save: useSaveDealSettings(),
    newest: staffDealSettingsQuery(),
    errorKey: (path, values, settings) => errorKey(formPathOf(path, settings), values),
    savedText: (version) => i18n._('Deal settings saved as version {version}.', { version }),
    failedText: i18n._('The deal settings could not be saved. Your changes are still here; please try again.'),
  });

  return (
    <FormProvider {...editor.form}>
      <SettingsVersion
        block="deal-settings"
        editing={editor.loaded.version}
        saved={editor.savedVersion}
        savedText={(version) => i18n._('Saved as version {version}. Shoppers are quoted with it from now on.', { version })}
      />
      {editor.stale ? (
        <StaleSettingsNotice
          block="deal-settings"
          title={i18n._('Someone else saved the deal settings')}
          version={editor.loaded.version}
          busy={editor.reloading}
          onReload={editor.reload}
        />
      ) : null}
      <SettingsErrorSummary focusToken={editor.summaryToken} />
      <UnnamedError id={fieldId('')} text={(message) => errorText(i18n, '', message)} />
      <form className="deal-settings__form" noValidate aria-labelledby="deal-settings-title" onSubmit={editor.submit}>
        <FeesSection />
        <StatesSection />
        <TiersSection />
        <LeaseProgramsSection />
        <RebatesSection />
        <ProductsSection />
        <SubmitBar label={i18n._('Save deal settings')} busy={editor.saving} />
      </form>
    </FormProvider>
  );
}

/** `/dashboard/deals`: the dealer's deal settings, every one of them, edited and saved as a new version. */
export function DealSettingsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Deal settings'));
  const settings = useStaffDealSettings();
  return (
    <section aria-labelledby="deal-settings-title" className="deal-settings">
      <h2 id="deal-settings-title">{i18n._('Deal settings')}</h2>
      <p className="edit-field__hint">
        {i18n._(
          'Every price the site shows is worked out with these settings. Saving makes a new version; a deal already quoted keeps the version it was priced with.',
        )}
      </p>
      {settings.data ? (
        <DealSettingsEditor initial={settings.data} />
      ) : settings.isError ? (
        <ListError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ListLoading />
      )}
    </section>
  );
}
