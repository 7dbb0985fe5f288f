/**
 * One question as a fieldset of radios with its legend; the error belongs to the group. The first
 * answer carries `id`, so the error summary's link lands on the question.
 */
export function RadioGroup<T extends string | boolean>({
  id,
  legend,
  answers,
  value,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  answers: { value: T; label: string }[];
  value: T | null;
  error: string | undefined;
  onChange: (value: T) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={error ? 'tradein-question tradein-question--invalid' : 'tradein-question'}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <div className="tradein-question__answers">
        {answers.map((answer, index) => (
          <label key={String(answer.value)} className="tradein-question__answer">
            <input
              type="radio"
              id={index === 0 ? id : undefined}
              name={id}
              value={String(answer.value)}
              checked={value === answer.value}
              onChange={() => onChange(answer.value)}
            />
            <span>{answer.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
