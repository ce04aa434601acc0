// What the router asks of the `use-sync-external-store` shim, from React itself (vite.config.ts points the
// shim here): React 18 and later have the hook, so the shim's fallback for older Reacts is dead weight in
// every page's first bundle.
export { useSyncExternalStore } from 'react';
