import { forwardRef, type ButtonHTMLAttributes } from 'react';

const variants = {
  primary: 'bg-accent-600 text-white hover:bg-accent-700 disabled:bg-stone-400',
  secondary: 'bg-civic-800 text-white hover:bg-civic-900 disabled:bg-stone-400',
  outline:
    'border-2 border-civic-800 bg-white text-civic-800 hover:bg-civic-50 disabled:border-stone-400 disabled:text-stone-500',
  ghost: 'bg-transparent text-current hover:bg-black/5',
  /** Deleting something that cannot be undone. */
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400',
  /** An outline for dark backgrounds (the hero). */
  inverse:
    'border-2 border-white/80 bg-transparent text-white hover:bg-white/10 disabled:border-stone-400 disabled:text-stone-300',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
}

/** A button at least 44 px tall (touch target), with the palette's variants. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', className = '', type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
});
