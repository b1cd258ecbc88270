// Text for a terminal. Answers, details, quotes of corpus text, questions from traces and file names all
// reach the terminal, and a control sequence inside any of them would be obeyed: ESC [2J clears the
// screen, ESC ]0; sets the window title, a bidi override reorders what follows. So every control
// character is shown instead of obeyed, except the line break and the tab that lay text out.

// Controls (C0, DEL, C1), and the bidi embedding, override and isolate characters.
const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;
const LAYOUT = new Set(['\n', '\t']);

/**
 * `"\x1b[2J"` → `"␛[2J"`: a C0 control as its Control Picture, anything else as `\uXXXX`, which is
 * also how JSON writes it, so `--json` output stays JSON that means the same.
 */
export function visible(text: string): string {
  return text.replace(CONTROL, (char) => {
    if (LAYOUT.has(char)) return char;
    const code = char.codePointAt(0) as number;
    if (code < 0x20) return String.fromCodePoint(0x2400 + code);
    return `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
