// Another site can show this page in a frame (a meta CSP cannot set frame-ancestors, and GitHub Pages
// sends no header that could), then lay its own content over the page's controls. A frame of the same
// origin is no safer: on GitHub Pages every project site of one owner shares one origin. So a framed
// page covers itself with a notice and a link to open it in its own tab, makes its controls inert, and
// never reads the key this device remembers (src/ui/shell/main.tsx).

/** Whether `view` is shown inside a frame, of any origin. */
export function isFramed(view: Window | undefined): boolean {
  if (view === undefined) return false;
  try {
    return view.top !== view.self;
  } catch (error) {
    // A browser that will not even compare with another origin's window: framed by that origin.
    if (error instanceof DOMException) return true;
    throw error;
  }
}
