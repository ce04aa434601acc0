// Tabs as the WAI-ARIA tabs pattern has them, in the few lines the app's two tab sets need: a tablist
// of buttons with a roving tab stop (Tab reaches the chosen tab; the arrow keys, Home and End move
// between tabs and choose the one they reach; PageUp and PageDown go to the first and last), and one
// panel, the chosen tab's, in the page. The markup and data-state attributes are those of the Radix
// tabs these replace, so styles and tests read them the same; the library weighed on each screen
// that showed tabs.
import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs.Root>');
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type RootProps = Omit<ComponentPropsWithoutRef<'div'>, 'defaultValue'> & {
  /** The chosen tab, when the caller keeps it; otherwise the tabs keep it, starting on `defaultValue`. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Root({ value, defaultValue, onValueChange, children, ...props }: RootProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const FOCUS_INTENT: Record<string, 'prev' | 'next' | 'first' | 'last'> = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  Home: 'first',
  PageUp: 'first',
  End: 'last',
  PageDown: 'last',
};

export function List({ children, ...props }: Omit<ComponentPropsWithoutRef<'div'>, 'onKeyDown'>) {
  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const intent = FOCUS_INTENT[event.key];
    if (!intent || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) {
      return;
    }
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const from = tabs.indexOf(event.target as HTMLButtonElement);
    if (from === -1 || tabs.length === 0) return;
    event.preventDefault();
    const to =
      intent === 'first'
        ? 0
        : intent === 'last'
          ? tabs.length - 1
          : (from + (intent === 'next' ? 1 : -1) + tabs.length) % tabs.length;
    // Focus chooses the tab (see Trigger).
    tabs[to]?.focus();
  }
  return (
    <div role="tablist" aria-orientation="horizontal" data-orientation="horizontal" {...props} onKeyDown={moveFocus}>
      {children}
    </div>
  );
}

export function Trigger({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      tabIndex={selected ? 0 : -1}
      className={className}
      onClick={() => tabs.select(value)}
      // Automatic activation: a tab reached with the keyboard is chosen.
      onFocus={() => tabs.select(value)}
    >
      {children}
    </button>
  );
}

type ContentProps = ComponentPropsWithoutRef<'div'> & { value: string; children?: ReactNode };

export function Content({ value, children, ...props }: ContentProps) {
  const tabs = useTabs();
  // Only the chosen tab's panel is in the page: the others' content is not drawn (or loaded) until chosen.
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state="active"
      data-orientation="horizontal"
      tabIndex={0}
      {...props}
    >
      {children}
    </div>
  );
}
