import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Microphone } from '../voice/microphone';
import { cn } from '@/lib/utils';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the candidate asked their system for less motion (follows changes live). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

// The avatar's own animations; the global reduced-motion rule stills them too.
const AVATAR_CSS = `
@keyframes candor-talk { 0%,100% { transform: scaleY(0.35) } 30% { transform: scaleY(1) } 60% { transform: scaleY(0.55) } 80% { transform: scaleY(0.9) } }
@keyframes candor-blink { 0%,92%,100% { transform: scaleY(1) } 95% { transform: scaleY(0.1) } }
@keyframes candor-nod { 0%,100% { transform: rotate(0deg) } 50% { transform: rotate(-3deg) } }
.candor-mouth { transform-box: fill-box; transform-origin: center; animation: candor-talk 0.45s ease-in-out infinite; }
.candor-eye { transform-box: fill-box; transform-origin: center; animation: candor-blink 4s ease-in-out infinite; }
.candor-head-speaking { transform-box: fill-box; transform-origin: 50% 90%; animation: candor-nod 1.6s ease-in-out infinite; }
@media (prefers-reduced-motion: reduce) { .candor-mouth, .candor-eye, .candor-head-speaking { animation: none; } }
`;

/** The interviewer: an SVG face that blinks when idle and talks (mouth, nod, rings) when speaking. */
export function InterviewerAvatar({
  speaking,
  thinking,
}: {
  speaking: boolean;
  thinking: boolean;
}) {
  return (
    <div
      className="relative flex size-40 items-center justify-center sm:size-56"
      data-speaking={speaking}
      aria-hidden
    >
      <style>{AVATAR_CSS}</style>
      <span
        className={cn(
          'absolute inset-0 rounded-full bg-primary/15 transition-transform duration-500',
          speaking ? 'scale-100 animate-ping [animation-duration:1.8s]' : 'scale-90',
        )}
      />
      <span
        className={cn(
          'absolute inset-3 rounded-full bg-primary/20 sm:inset-4',
          (speaking || thinking) && 'animate-pulse',
        )}
      />
      <svg viewBox="0 0 120 120" className="relative size-32 drop-shadow-xl sm:size-40">
        <defs>
          <linearGradient id="candor-face" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="#818cf8" />
            <stop offset="100%" stopColor="#6d28d9" />
          </linearGradient>
        </defs>
        <g className={speaking ? 'candor-head-speaking' : undefined}>
          <circle cx="60" cy="60" r="56" fill="url(#candor-face)" />
          <g className="candor-eye">
            <circle cx="42" cy="50" r="7" fill="#fff" />
            <circle cx="42" cy={thinking ? 47 : 51} r="3" fill="#1e1b4b" />
          </g>
          <g className="candor-eye">
            <circle cx="78" cy="50" r="7" fill="#fff" />
            <circle cx="78" cy={thinking ? 47 : 51} r="3" fill="#1e1b4b" />
          </g>
          {speaking ? (
            <ellipse className="candor-mouth" cx="60" cy="82" rx="13" ry="8" fill="#1e1b4b" />
          ) : thinking ? (
            <path d="M50 84 H70" stroke="#1e1b4b" strokeWidth="4" strokeLinecap="round" />
          ) : (
            <path
              d="M46 80 Q60 90 74 80"
              stroke="#1e1b4b"
              strokeWidth="4"
              fill="none"
              strokeLinecap="round"
            />
          )}
        </g>
      </svg>
    </div>
  );
}

const BARS = 9;

/**
 * Bars that follow the microphone (an AnalyserNode on the echo-cancelled stream) while the
 * candidate is recorded. Without a microphone, or with reduced motion, they rest.
 */
export function SoundWave({
  active,
  microphone,
}: {
  active: boolean;
  microphone: Microphone | null;
}) {
  const bars = useRef<(HTMLSpanElement | null)[]>([]);
  const reduced = usePrefersReducedMotion();
  useEffect(() => {
    const rest = () => bars.current.forEach((bar) => bar && (bar.style.transform = 'scaleY(0.15)'));
    if (!active || !microphone || reduced) {
      rest();
      return;
    }
    let frame = 0;
    const draw = () => {
      const bands = microphone.bands(BARS);
      bars.current.forEach((bar, i) => {
        if (bar) bar.style.transform = `scaleY(${Math.max(0.15, Math.min(1, bands[i]! * 1.3))})`;
      });
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      rest();
    };
  }, [active, microphone, reduced]);

  return (
    <div className="flex h-10 items-center gap-1" data-testid="sound-wave" aria-hidden>
      {Array.from({ length: BARS }, (_, i) => (
        <span
          key={i}
          ref={(el) => {
            bars.current[i] = el;
          }}
          className={cn(
            'h-10 w-1.5 origin-center rounded-full transition-colors',
            active ? 'bg-primary' : 'bg-muted-foreground/30',
          )}
          style={{ transform: 'scaleY(0.15)' }}
        />
      ))}
    </div>
  );
}
