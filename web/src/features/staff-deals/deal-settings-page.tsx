import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useFormState, useWatch } from 'react-hook-form';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import type { DealSettings } from '../../../../domain/deals/deal-settings.ts';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
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

/** An error the form has no field for: shown above the form, where the summary's link takes the reader. */
function OtherError() {
  const { i18n } = useLingui();
  const { errors } = useFormState<DealSettingsForm>();
  const message = errors.root?.other?.message;
  return message ? (
    <p id={fieldId('')} className="notice notice--error" tabIndex={-1}>
      {errorText(i18n, '', message)}
    </p>
  ) : null;
}

/** "Someone else saved": what happened, that reloading replaces what is typed here, and the reload itself. */
function StaleNotice({ version, busy, onReload }: { version: number; busy: boolean; onReload: () => void }) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      className="notice notice--error deal-settings__stale"
      role="alert"
      tabIndex={-1}
      aria-labelledby="deal-settings-stale-title"
    >
      <h3 id="deal-settings-stale-title">{i18n._('Someone else saved the deal settings')}</h3>
      <p>
        {i18n._(
          'A newer version was saved after you opened version {version}, so yours was not saved. Your changes are still in the form below.',
          { version },
        )}
      </p>
      <p>
        {i18n._(
          'Reloading replaces your unsaved changes with the newest settings: note what you changed, reload, then make your changes again.',
        )}
      </p>
      <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={onReload}>
        {i18n._('Reload the newest settings')}
      </button>
    </div>
  );
}

/**
 * The settings form, from the version it was loaded with: Save sends the whole settings with that
 * version (docs/product/staff-dashboard.md#deal-settings). Whatever is refused stays on screen.
 */
function DealSettingsEditor({ initial }: { initial: DealSettingsAnswer }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const save = useSaveDealSettings();
  const [loaded, setLoaded] = useState(initial);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [summaryToken, setSummaryToken] = useState(0);
  const form = useForm<DealSettingsForm, unknown, DealSettings>({
    resolver: dealSettingsResolver,
    defaultValues: toFormValues(initial.settings),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus, as the wizard's does; the library would move it on to the first field.
    shouldFocusError: false,
  });

  const startFrom = (answer: DealSettingsAnswer) => {
    setLoaded(answer);
    form.reset(toFormValues(answer.settings));
  };

  const refuse = (error: unknown, settings: DealSettings) => {
    if (error instanceof ApiError && error.code === 'stale_version') {
      setStale(true);
      return;
    }
    if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
      const values = form.getValues();
      for (const [path, message] of Object.entries(error.fields)) {
        form.setError(errorKey(formPathOf(path, settings), values), { type: 'server', message });
      }
      setSummaryToken((token) => token + 1);
      return;
    }
    // The dashboard's passkey step opens by itself (app/dashboard/passkey-prompt.tsx); staff press Save again after it.
    if (isMfaRequired(error)) return;
    toast.error(i18n._('The deal settings could not be saved. Your changes are still here; please try again.'));
  };

  const submit = form.handleSubmit(
    async (settings) => {
      setSavedVersion(null);
      try {
        const answer = await save.mutateAsync({ version: loaded.version, settings });
        startFrom(answer);
        setSavedVersion(answer.version);
        toast.success(i18n._('Deal settings saved as version {version}.', { version: answer.version }));
      } catch (error) {
        refuse(error, settings);
      }
    },
    () => setSummaryToken((token) => token + 1),
  );

  const reload = async () => {
    setReloading(true);
    try {
      startFrom(await queryClient.fetchQuery({ ...staffDealSettingsQuery(), staleTime: 0 }));
      setStale(false);
      setSavedVersion(null);
    } catch {
      toast.error(i18n._('The newest settings could not be loaded. Please try again.'));
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormProvider {...form}>
      <p role="status" className="deal-settings__version">
        {savedVersion === null
          ? i18n._('Editing version {version}.', { version: loaded.version })
          : i18n._('Saved as version {version}. Shoppers are quoted with it from now on.', { version: savedVersion })}
      </p>
      {stale ? <StaleNotice version={loaded.version} busy={reloading} onReload={() => void reload()} /> : null}
      <SettingsErrorSummary focusToken={summaryToken} />
      <OtherError />
      <form className="deal-settings__form" noValidate aria-labelledby="deal-settings-title" onSubmit={(event) => void submit(event)}>
        <FeesSection />
        <StatesSection />
        <TiersSection />
        <LeaseProgramsSection />
        <RebatesSection />
        <ProductsSection />
        <div className="main-button-bar">
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {i18n._('Save deal settings')}
          </button>
        </div>
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
