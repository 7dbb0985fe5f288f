import { useLingui } from '@lingui/react';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useFormState, type DefaultValues, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import { ApiError } from '../../lib/api-client.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { toast } from '../toasts.tsx';

/** What a versioned settings editor loads and saves: the settings and the version they are. */
interface Versioned<Settings> {
  version: number;
  settings: Settings;
}

interface VersionedSettingsOptions<Form extends FieldValues, Settings, Answer extends Versioned<Settings>, Key extends QueryKey> {
  initial: Answer;
  resolver: Resolver<Form, unknown, Settings>;
  toFormValues: (settings: Settings) => DefaultValues<Form>;
  /** The PUT: the whole settings with the version they were edited from. */
  save: { mutateAsync: (save: Versioned<Settings>) => Promise<Answer>; isPending: boolean };
  /** The GET of the newest version, which Reload asks again past any cache. */
  newest: FetchQueryOptions<Answer, Error, Answer, Key>;
  /** Where the server's error for one path of the sent settings is shown in the form. */
  errorKey: (path: string, values: Form, settings: Settings) => FieldPath<Form> | 'root.other';
  /** The toast after a save, with the version it made. */
  savedText: (version: number) => string;
  /** The toast when a save is refused for any other reason than the version, a field or the passkey step. */
  failedText: string;
}

/**
 * The save of a settings page whose every save is a new version (the deal settings, the visiting
 * hours): Save sends the whole settings with the version they were loaded from, and whatever is
 * refused stays on screen. A newer version saved meanwhile makes the page stale until staff
 * reload it; a field's refusal goes to its field and the error summary; the dashboard's passkey
 * step opens by itself (app/dashboard/passkey-prompt.tsx), and staff press Save again after it.
 */
export function useVersionedSettings<Form extends FieldValues, Settings, Answer extends Versioned<Settings>, Key extends QueryKey>({
  initial,
  resolver,
  toFormValues,
  save,
  newest,
  errorKey,
  savedText,
  failedText,
}: VersionedSettingsOptions<Form, Settings, Answer, Key>) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState(initial);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [summaryToken, setSummaryToken] = useState(0);
  const form = useForm<Form, unknown, Settings>({
    resolver,
    defaultValues: toFormValues(initial.settings),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus, as the wizard's does; the library would move it on to the first field.
    shouldFocusError: false,
  });

  const startFrom = (answer: Answer) => {
    setLoaded(answer);
    form.reset(toFormValues(answer.settings));
  };

  const refuse = (error: unknown, settings: Settings) => {
    if (error instanceof ApiError && error.code === 'stale_version') {
      setStale(true);
      return;
    }
    if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
      const values = form.getValues();
      for (const [path, message] of Object.entries(error.fields)) {
        form.setError(errorKey(path, values, settings), { type: 'server', message });
      }
      setSummaryToken((token) => token + 1);
      return;
    }
    if (isMfaRequired(error)) return;
    toast.error(failedText);
  };

  const submit = form.handleSubmit(
    async (settings) => {
      setSavedVersion(null);
      try {
        const answer = await save.mutateAsync({ version: loaded.version, settings });
        startFrom(answer);
        setSavedVersion(answer.version);
        toast.success(savedText(answer.version));
      } catch (error) {
        refuse(error, settings);
      }
    },
    () => setSummaryToken((token) => token + 1),
  );

  const reload = async () => {
    setReloading(true);
    try {
      startFrom(await queryClient.fetchQuery({ ...newest, staleTime: 0 }));
      setStale(false);
      setSavedVersion(null);
    } catch {
      toast.error(i18n._('The newest settings could not be loaded. Please try again.'));
    } finally {
      setReloading(false);
    }
  };

  return {
    form,
    loaded,
    stale,
    reloading,
    /** The version the last save made, until the next save or reload. */
    savedVersion,
    /** Moves focus to the error summary each time it changes. */
    summaryToken,
    saving: save.isPending,
    submit: (event: FormEvent) => void submit(event),
    reload: () => void reload(),
  };
}

/** Which version the form edits, or the version its save just made and what that changes. */
export function SettingsVersion({
  block,
  editing,
  saved,
  savedText,
}: {
  /** The page's class block: the line is `{block}__version`. */
  block: string;
  editing: number;
  saved: number | null;
  savedText: (version: number) => string;
}) {
  const { i18n } = useLingui();
  return (
    <p role="status" className={`${block}__version`}>
      {saved === null ? i18n._('Editing version {version}.', { version: editing }) : savedText(saved)}
    </p>
  );
}

/** "Someone else saved": what happened, that reloading replaces what is typed here, and the reload itself. */
export function StaleSettingsNotice({
  block,
  title,
  version,
  busy,
  onReload,
}: {
  /** The page's class block: the notice is `{block}__stale`, its title `{block}-stale-title`. */
  block: string;
  title: string;
  version: number;
  busy: boolean;
  onReload: () => void;
}) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const titleId = `${block}-stale-title`;
  return (
    <div ref={box} className={`notice notice--error ${block}__stale`} role="alert" tabIndex={-1} aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
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

/** An error the form has no field for (`root.other`): shown above the form, where the error summary's link takes the reader. */
export function UnnamedError({ id, text }: { id: string; text: (message: string) => string }) {
  const { errors } = useFormState();
  const message = errors.root?.other?.message;
  return message ? (
    <p id={id} className="notice notice--error" tabIndex={-1}>
      {text(message)}
    </p>
  ) : null;
}
