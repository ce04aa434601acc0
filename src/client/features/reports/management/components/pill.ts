// The outlined button of the report list's controls.
export const pillClass =
  'min-h-11 rounded-xl border-2 px-3 text-sm font-semibold transition-colors border-civic-800 text-civic-800 hover:bg-civic-50 aria-pressed:bg-civic-800 aria-pressed:text-white aria-expanded:bg-civic-50';
