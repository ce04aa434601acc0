// A card of its own on a dashboard: a white panel named by its heading, an icon before the title.
import type { ReactNode } from 'react';

interface CardProps {
  /** The heading's id, which names the card. */
  id: string;
  title: string;
  icon: ReactNode;
  /** The spacing and border colour, where a card differs from the usual. */
  className?: string;
  children: ReactNode;
}

export function Card({ id, title, icon, className = 'gap-3 border-stone-300', children }: CardProps) {
  return (
    <section
      aria-labelledby={id}
      className={`grid content-start rounded-2xl border bg-white p-5 shadow-sm ${className}`}
    >
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold text-civic-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
