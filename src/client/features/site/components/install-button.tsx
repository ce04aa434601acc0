// "Install the App": the browser's own prompt where it offered one, otherwise the Share-menu steps. Hidden
// once the app runs from the home screen.
import { useSyncExternalStore } from 'react';
import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { isInstalled, requestInstall, subscribeInstallState } from '../install-prompt.ts';

export function InstallButton({ className = '', variant = 'outline' }: Pick<ButtonProps, 'className' | 'variant'>) {
  const installed = useSyncExternalStore(subscribeInstallState, isInstalled, isInstalled);
  if (installed) return null;
  return (
    <Button variant={variant} className={className} onClick={() => requestInstall()}>
      <Download aria-hidden="true" className="h-5 w-5" />
      Install the App
    </Button>
  );
}
