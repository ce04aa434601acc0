// Opens 'Choose on the map' from the report form's button: the form carries only the button, and this
// module (loaded when it is pressed) shows the dialog in a root of its own, sharing the page's query
// cache, and hands the chosen words back. One picker at a time.
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PinPicker } from './pin-picker.tsx';

let open = false;

/** Shows the picker, opening at `words` when they name a place; `onWords` gets the chosen place's words. */
export function openPinPicker(words: string, onWords: (words: string) => void, queryClient: QueryClient): void {
  if (open) return;
  open = true;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <QueryClientProvider client={queryClient}>
      <PinPicker
        words={words}
        onDone={(chosen) => {
          open = false;
          // Unmounted once this call has returned, not from inside the dialog's own handler.
          setTimeout(() => {
            root.unmount();
            host.remove();
          });
          if (chosen) onWords(chosen);
        }}
      />
    </QueryClientProvider>,
  );
}
