// The icons of a report card, drawn once. The dashboard renders CardIconSprite, a hidden SVG holding
// each icon's shape as a <symbol>; a card's CardIcon is then an <svg> with a single <use>, instead of
// an <svg> with its paths and eight attributes set one by one, ten or so times a card, fifty cards a page.
// The shapes are lucide's own components, so every icon looks as it did: 24 units square, stroke 2,
// round caps and joins, coloured by currentColor (inherited through the <use>), sized by its class.
import {
  ChevronDown,
  Copy,
  ExternalLink,
  EyeOff,
  ImagePlus,
  MapPin,
  MapPinOff,
  Pencil,
  Trash2,
  type LucideIcon,
} from 'lucide-react';

const cardIcons = {
  'chevron-down': ChevronDown,
  copy: Copy,
  'external-link': ExternalLink,
  'eye-off': EyeOff,
  'image-plus': ImagePlus,
  'map-pin': MapPin,
  'map-pin-off': MapPinOff,
  pencil: Pencil,
  'trash-2': Trash2,
} satisfies Record<string, LucideIcon>;

type CardIconName = keyof typeof cardIcons;

const symbolId = (name: CardIconName) => `card-icon-${name}`;

/** Rendered once by the dashboard, before its cards: the shapes every CardIcon refers to. */
export function CardIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute h-0 w-0 overflow-hidden">
      {(Object.entries(cardIcons) as [CardIconName, LucideIcon][]).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon of a card (hidden from assistive technology, as lucide's were here). */
export function CardIcon({ name, className }: { name: CardIconName; className: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
