// Another site can show this page in a frame (a meta CSP cannot set frame-ancestors, and GitHub Pages
// sends no header that could), then lay its own content over the key field. So a framed page offers no
// key field: it says where to open the site instead.

/** Whether `view` is shown inside a frame of another origin (or one it cannot read, which is the same). */
export function framedByAnotherOrigin(view: Window | undefined): boolean {
  if (view === undefined || view.top === null || view.top === view.self) return false;
  try {
    return view.top.location.origin !== view.location.origin;
  } catch (error) {
    // Reading another origin's location is a SecurityError: that is the answer, not a failure.
    if (error instanceof DOMException) return true;
    throw error;
  }
}
