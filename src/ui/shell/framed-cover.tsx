/**
 * Laid over the whole page when it is shown inside a frame (src/ui/ask/framing.ts): the page under it is
 * inert, so nothing the framing site lays over it can be clicked through to a control. The way out is a
 * link to the same page in a tab of its own, where it works as usual.
 */
export function FramedCover({ href }: { href: string }) {
  return (
    <div class="framed-cover" role="alertdialog" aria-modal="true" aria-labelledby="framed-cover-heading">
      <h2 id="framed-cover-heading">This page is shown inside another page</h2>
      <p>
        Another site has put sourcebound in a frame, where it could cover the page's buttons with its own or
        read what you type. So here the page takes no questions and uses no API key, not even one this device
        remembers.
      </p>
      <p>
        <a href={href} target="_blank" rel="noopener noreferrer">
          Open sourcebound in its own tab
        </a>
      </p>
    </div>
  );
}
