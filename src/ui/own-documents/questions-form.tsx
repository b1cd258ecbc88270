import { useState } from 'preact/hooks';

/**
 * Labelled questions, typed or pasted or chosen as a file, in the format of eval/questions.json: the
 * calibration panel and the evaluation page take them the same way.
 */
export function QuestionsForm({
  id,
  label,
  submit,
  text,
  onText,
  onSubmit,
}: {
  id: string;
  label: string;
  /** The submit button's words. */
  submit: string;
  text: string;
  onText: (text: string) => void;
  onSubmit: (event: Event) => void;
}) {
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const fromFile = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    // Emptied, so that choosing the same file again (after editing it) is a change too.
    input.value = '';
    if (file === undefined) return;
    try {
      onText(await file.text());
      setProblem(undefined);
    } catch (error) {
      // Moved or deleted since it was chosen, or one the browser may not read.
      if (!(error instanceof DOMException)) throw error;
      setProblem(`${file.name} could not be read (${error.message || error.name})`);
    }
  };
  return (
    <form class="questions-form" onSubmit={onSubmit}>
      <label for={id}>{label}</label>
      <textarea id={id} rows={6} value={text} onInput={(event) => onText(event.currentTarget.value)} />
      <div class="questions-actions">
        <label class="file-button">
          choose a questions file
          <input type="file" accept=".json,application/json" onChange={fromFile} />
        </label>
        <button type="submit">{submit}</button>
      </div>
      {problem === undefined ? null : <p role="alert">{problem}</p>}
    </form>
  );
}
