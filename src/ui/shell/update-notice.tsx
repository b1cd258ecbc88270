import { useRegisterSW } from 'virtual:pwa-register/preact';

/** A new version was deployed: say so, and reload only when the visitor agrees. */
export function UpdateNotice() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div class="update-notice" role="status">
      <span>A new version of this page is available.</span>
      <button type="button" onClick={() => updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
