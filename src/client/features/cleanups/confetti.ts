// The celebration after a clean-up: 50 particles of canvas-confetti, loaded only when needed, drawn on the
// main thread (the CSP allows no blob: workers), and not at all for people who ask for reduced motion.
import { CONFETTI_PARTICLES } from '#shared/domain/limits.ts';

export async function celebrate(particleCount = CONFETTI_PARTICLES): Promise<void> {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:60';
  document.body.appendChild(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  try {
    await fire({ particleCount, spread: 70, origin: { y: 0.6 }, colors: ['#b45309', '#1e3a5f', '#e8dcc4', '#047857'] });
  } finally {
    fire.reset();
    canvas.remove();
  }
}
