import { useSyncExternalStore } from 'react';
import { TOAST_LIMITS } from '../../../domain/constants.ts';

/** docs/product/limits.md#limits-and-constants: at most 20 toasts; error 4 s, success 2 s, plain 4 s, loading until dismissed. */
export const MAX_TOASTS = TOAST_LIMITS.max;
const TOAST_DURATION_MS = {
  blank: TOAST_LIMITS.blankMs,
  success: TOAST_LIMITS.successMs,
  error: TOAST_LIMITS.errorMs,
  loading: TOAST_LIMITS.loadingMs,
} as const;

type ToastKind = keyof typeof TOAST_DURATION_MS;

/** A button in the toast ("Undo"); pressing it runs the action and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** Long enough to find and press a toast's button (WCAG 2.2.1), unlike a plain notice. */
const ACTION_TOAST_MS = 6000;

interface ToastOptions {
  id?: string;
  action?: ToastAction;
}

interface ToastItem {
  id: string;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

let items: ToastItem[] = [];
let counter = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id?: string): void {
  const ids = id === undefined ? items.map((item) => item.id) : [id];
  for (const each of ids) {
    clearTimeout(timers.get(each));
    timers.delete(each);
  }
  const next = items.filter((item) => !ids.includes(item.id));
  if (next.length !== items.length) {
    items = next;
    emit();
  }
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  clearTimeout(timers.get(id));
  timers.delete(id);
  const rest = items.filter((item) => item.id !== id);
  // The oldest toasts make room for new ones.
  items = [...rest, { id, kind, message, action: options.action }].slice(-MAX_TOASTS);
  for (const key of [...timers.keys()])
    if (!items.some((item) => item.id === key)) {
      clearTimeout(timers.get(key));
      timers.delete(key);
    }
  const duration = options.action ? Math.max(ACTION_TOAST_MS, TOAST_DURATION_MS[kind]) : TOAST_DURATION_MS[kind];
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

type ToastFn = {
  (message: string, options?: ToastOptions): string;
  success(message: string, options?: ToastOptions): string;
  error(message: string, options?: ToastOptions): string;
  /** Stays until dismissed; pass its id to success/error to turn it into the outcome. */
  loading(message: string, options?: { id?: string }): string;
  dismiss(id?: string): void;
};

export const toast: ToastFn = Object.assign((message: string, options?: ToastOptions) => show('blank', message, options), {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  loading: (message: string, options?: { id?: string }) => show('loading', message, options),
  dismiss,
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

const ICON: Record<ToastKind, string> = { blank: '', success: '✓', error: '!', loading: '' };

/** Bottom-centre stack. Errors are announced assertively, everything else politely. */
export function Toaster() {
  const toasts = useToasts();
  const polite = toasts.filter((item) => item.kind !== 'error');
  const urgent = toasts.filter((item) => item.kind === 'error');
  return (
    <div className="toaster">
      <div role="status" aria-live="polite" className="toaster__stack">
        {polite.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="toaster__stack">
        {urgent.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </div>
    </div>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  return (
    <div className={`toast toast--${item.kind}`} data-testid="toast">
      {item.kind === 'loading' ? <span className="toast__spinner" aria-hidden="true" /> : null}
      {ICON[item.kind] ? (
        <span className="toast__icon" aria-hidden="true">
          {ICON[item.kind]}
        </span>
      ) : null}
      <span className="toast__message">{item.message}</span>
      {item.action ? (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            dismiss(item.id);
            item.action?.onClick();
          }}
        >
          {item.action.label}
        </button>
      ) : null}
    </div>
  );
}
