// Where the volunteer is in the three steps (location, photos, email).
import type { Step } from '../find-workflow.ts';

const STEPS: Array<{ step: Step; label: string }> = [
  { step: 'location', label: 'Location' },
  { step: 'photos', label: 'Photos' },
  { step: 'email', label: 'E-mail' },
];

export function StepIndicator({ step }: { step: Step }) {
  const index = STEPS.findIndex((s) => s.step === step);
  return (
    <ol aria-label="Progress" className="grid grid-cols-3 gap-2 text-sm font-semibold">
      {STEPS.map((s, i) => (
        <li
          key={s.step}
          aria-current={i === index ? 'step' : undefined}
          className={`flex items-center gap-2 rounded-lg border-b-4 px-1 pb-1 ${
            i < index
              ? 'border-emerald-700 text-emerald-900'
              : i === index
                ? 'border-accent-600 text-civic-900'
                : 'border-stone-300 text-slate-600'
          }`}
        >
          <span
            aria-hidden="true"
            className={`grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs text-white ${
              i < index ? 'bg-emerald-700' : i === index ? 'bg-accent-700' : 'bg-slate-500'
            }`}
          >
            {i + 1}
          </span>
          <span>
            <span className="sr-only">Step {i + 1}: </span>
            {s.label}
            {i < index && <span className="sr-only"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
