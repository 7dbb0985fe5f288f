import type { FactoryOpts, InputMask } from 'imask';
import { useCallback, useEffect, useRef, type RefCallback } from 'react';
import { useIMask } from 'react-imask';
import { INPUT_MASK_UNDO_HISTORY } from '../../../../../domain/constants.ts';
import {
  applyDateMask,
  applyPhoneMask,
  applySsnMask,
  closeDatePart,
  DATE_MASK,
  PHONE_MASK,
  SSN_MASK,
} from '../../../../../domain/masks.ts';

export type MaskKind = 'phone' | 'ssn' | 'date';

type History = InputMask<FactoryOpts>['history'];
type HistoryState = History['states'][number];

/** Undo and redo states of one input, the oldest dropped beyond `limit` (docs/product/limits.md#limits-and-constants: 100 entries). */
export class UndoHistory implements History {
  states: HistoryState[] = [];
  currentIndex = 0;

  constructor(private readonly limit: number) {}

  get currentState(): HistoryState | undefined {
    return this.states[this.currentIndex];
  }

  get isEmpty(): boolean {
    return this.states.length === 0;
  }

  push(state: HistoryState): void {
    // A new edit after some undos drops the states that were undone.
    this.states.length = Math.min(this.states.length, this.currentIndex + 1);
    this.states.push(state);
    if (this.states.length > this.limit) this.states.shift();
    this.currentIndex = this.states.length - 1;
  }

  go(steps: number): HistoryState | undefined {
    this.currentIndex = Math.min(Math.max(this.currentIndex + steps, 0), this.states.length - 1);
    return this.currentState;
  }

  undo(): HistoryState | undefined {
    return this.go(-1);
  }

  redo(): HistoryState | undefined {
    return this.go(1);
  }

  clear(): void {
    this.states.length = 0;
    this.currentIndex = 0;
  }
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * imask fills the pattern character by character, so a pasted or autofilled "+1 555 123 4567" or
 * "1990-01-31" would land in the wrong slots; the domain's masks read such text as a whole first.
 */
function maskOptions(pattern: string, apply: (text: string) => string): FactoryOpts {
  return { mask: pattern, prepare: (text: string) => (text.length > 1 ? digitsOf(apply(text)) : text) };
}

const OPTIONS: Record<MaskKind, FactoryOpts> = {
  phone: maskOptions(PHONE_MASK, applyPhoneMask),
  ssn: maskOptions(SSN_MASK, applySsnMask),
  date: maskOptions(DATE_MASK, applyDateMask),
};

interface MaskedInputOptions {
  kind: MaskKind;
  /** The masked text, e.g. "(555) 123-4567": what the domain schemas read. */
  value: string;
  onChange: (value: string) => void;
  /** The form library's ref, so it can focus the input. */
  inputRef?: RefCallback<HTMLInputElement>;
}

/**
 * A masked input (docs/product/application-wizard.md#validation) kept in step with a controlled value, with an undo history of
 * INPUT_MASK_UNDO_HISTORY entries: Ctrl/Cmd+Z undoes, Ctrl+Shift+Z, Cmd+Shift+Z or Ctrl+Y redoes
 * (imask handles the keys; the history is ours so its length is the product's).
 */
export function useMaskedInput({ kind, value, onChange, inputRef }: MaskedInputOptions): RefCallback<HTMLInputElement> {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const onAccept = useCallback((accepted: string) => changed.current(accepted), []);
  const { ref, maskRef } = useIMask<HTMLInputElement>(OPTIONS[kind], { onAccept, defaultValue: value });

  useEffect(() => {
    const mask = maskRef.current;
    if (!mask || mask.history instanceof UndoHistory) return;
    const history = new UndoHistory(INPUT_MASK_UNDO_HISTORY);
    history.push({ unmaskedValue: mask.unmaskedValue, selection: { start: mask.selectionStart, end: mask.cursorPos } });
    mask.history = history;
  });

  // A value set from outside (a resumed draft, Start over) reaches the input.
  useEffect(() => {
    const mask = maskRef.current;
    if (mask && mask.value !== value) mask.value = value;
  }, [maskRef, value]);

  // A slash after one digit of the month or day pads it ("4/5/1988" becomes 04/05/1988); the
  // pattern alone would drop the slash and run the digits together.
  const detach = useRef<(() => void) | null>(null);
  return useCallback(
    (element: HTMLInputElement | null) => {
      ref.current = element;
      inputRef?.(element);
      detach.current?.();
      detach.current = null;
      if (!element || kind !== 'date') return;
      const onBeforeInput = (event: InputEvent) => {
        const mask = maskRef.current;
        if (!mask || event.inputType !== 'insertText' || event.data !== '/') return;
        const cursor = element.selectionStart ?? element.value.length;
        const closed = closeDatePart(element.value.slice(0, cursor));
        if (closed === null) return;
        event.preventDefault();
        mask.value = closed + element.value.slice(cursor);
        mask.updateCursor(closed.length);
        changed.current(mask.value);
      };
      element.addEventListener('beforeinput', onBeforeInput);
      detach.current = () => element.removeEventListener('beforeinput', onBeforeInput);
    },
    [ref, inputRef, kind, maskRef],
  );
}
