// The style of every text input, in a dialog or on a page.
export const inputClass =
  'min-h-11 w-full rounded-xl border-2 border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-civic-800 aria-[invalid=true]:border-red-700';
