import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * The question as a box that grows with its text, up to a bound set in CSS (then it scrolls): a long
 * question is read whole, never scrolled sideways. Enter asks, as a one-line box would; Shift+Enter
 * breaks the line; Enter while an input method is composing a word is the method's, not a question's.
 */
export function QuestionBox({
  value,
  placeholder,
  describedBy,
  onValue,
}: {
  value: string;
  placeholder: string;
  describedBy: string | undefined;
  onValue: (value: string) => void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  // On every value, typed or set (an example question clicked): measured after the text is in.
  useLayoutEffect(() => {
    const field = box.current;
    if (field === null) return;
    field.style.height = 'auto';
    // border-box: the height holds the borders, which scrollHeight leaves out.
    field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
  }, [value]);
  return (
    <textarea
      ref={box}
      id="question"
      name="question"
      rows={1}
      value={value}
      onInput={(event) => onValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
        event.preventDefault();
        event.currentTarget.form?.requestSubmit();
      }}
      placeholder={placeholder}
      autoComplete="off"
      aria-describedby={describedBy}
    />
  );
}
